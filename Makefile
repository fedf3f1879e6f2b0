# SPDX-License-Identifier: GPL-2.0
# hmmbench: kernel module, CLI, tests and the VM harness.
#
#   make            driver/hmmbench.ko and cli/hmmbench
#   make run        hmmbench --size 64G --iters 10, here or in the VM
#                   (ARGS="..." for other arguments, KERNEL=6.12 for
#                   that test kernel in the VM)
#   make check      unit tests, then VM scenarios
#   make ab NEW=... A/B comparison of two kernels in the VM
#                   (BASE=6.1 NEW=6.12, or source trees)
#   make deps       install the Debian packages this needs
#
# KDIR=<kernel build tree> builds the module for that kernel; by default
# the running kernel's when it has DEVICE_PRIVATE, else the test kernel's.

VM := tests/vm
KDIR_CMD = $${KDIR:-$$($(VM)/kdir)}
CHECKPATCH = $$($(VM)/ksrc)/scripts/checkpatch.pl
KSOURCES = $(filter-out %.mod.c,$(wildcard driver/*.[ch])) uapi/linux/hmmbench.h

all: module cli

module:
	$(MAKE) -C driver KDIR="$(KDIR_CMD)"

cli:
	$(MAKE) -C cli

# Everything the VM's initramfs needs, for the kernel in KDIR.  The module
# is kept per kernel in build/module/<kernel>/, so that booting kernels in
# turn (make ab) does not rebuild it on every boot; it is rebuilt when a
# source changes or the kernel was rebuilt (tests/vm/build-kernel writes
# .hmmbench-complete at the end of every build).
GUEST_KO = build/module/$(notdir $(patsubst %/,%,$(KDIR)))/hmmbench.ko

guest: $(if $(KDIR),$(GUEST_KO))
	@test -n "$(KDIR)" || { echo "guest: set KDIR" >&2; exit 2; }
	$(MAKE) -C cli static
	$(MAKE) -C $(VM) client

$(GUEST_KO): $(KSOURCES) driver/Kbuild \
	     $(wildcard $(KDIR)/Module.symvers $(KDIR)/.hmmbench-complete)
	$(MAKE) -C driver KDIR="$(KDIR)"
	mkdir -p $(@D)
	cp driver/hmmbench.ko $@

ARGS ?= --size 64G --iters 10

run: deps
	KERNEL="$(KERNEL)" $(VM)/main-job $(ARGS)

# A/B comparison of two kernels in the VM, e.g.
#   make ab NEW=~/src/linux ARGS="--size 64G --iters 10"
BASE ?= default
ROUNDS ?= 6

ab: deps
	$(VM)/ab --base "$(BASE)" --new "$(NEW)" --rounds $(ROUNDS) -- $(ARGS)

check: deps
	tests/check unit vm

check-unit: deps
	tests/check unit

check-vm: deps
	tests/check vm

deps:
	@tests/deps

style:
	$(CHECKPATCH) --no-tree --quiet -f $(KSOURCES)

sparse:
	$(MAKE) -C driver KDIR="$(KDIR_CMD)" sparse

clean:
	-$(MAKE) -C driver KDIR="$(KDIR_CMD)" clean
	$(MAKE) -C cli clean
	$(MAKE) -C $(VM) clean
	$(MAKE) -C tests/unit clean
	rm -rf build

.PHONY: all module cli guest run ab check check-unit check-vm deps style \
	sparse clean
