# SPDX-License-Identifier: GPL-2.0
# hmmbench: kernel module, CLI, tests and the VM harness.
#
#   make            cli/hmmbench, and driver/hmmbench.ko where a kernel
#                   tree for it exists (below); builds no kernel
#   make kernel     the test kernel, in the cache (KERNEL=6.12 for that
#                   one), which make then builds the module against
#   make run        hmmbench --size 64G --iters 10, here or in the VM
#                   (ARGS="..." for other arguments, KERNEL=6.12 for
#                   that test kernel in the VM)
#   make bench      overhead, probe cost, noise, scaling and roofline of
#                   hmmbench itself, in the VM (HOST=1: here; SMOKE=1:
#                   small sizes, quickly); docs/benchmarks.md has figures
#   make check      unit and install tests, then VM scenarios
#   make check-machine   the docs' lines for a user's own machine, on a
#                   Debian unstable root filesystem and its 7.2 kernel
#                   (a part of make check, alone)
#   make ab NEW=... A/B comparison of two kernels in the VM
#                   (BASE=6.1 NEW=6.12, or source trees), or of two
#                   command lines of one (KERNEL=template
#                   BASE_APPEND=memmap_init_mode=loop
#                   NEW_APPEND=memmap_init_mode=template), or of two
#                   settings of a runtime switch in one boot
#                   (KERNEL=template
#                   SWITCH=/sys/kernel/debug/memmap_init_mode:0:1);
#                   ROUNDS=auto boots until a change of MDE=5 % would
#                   be detected (at most MAX_ROUNDS=20)
#   make series TREE=... RANGE=BASE..TIP   every commit of a kernel patch
#                   series measured in the VM, under icount; make bisect
#                   TREE=... GOOD=... BAD=... finds the commit that
#                   changed a figure (METRIC=, APPEND=, OVER=7.2 to build
#                   each commit over that test kernel: docs/series.md)
#   make deps       install the Debian packages make check needs, those
#                   this distribution has (make deps-build: only those
#                   of the build; ARCH=arm64: the arm64 guest's too)
#   make install    the CLI, its man page and bash completion
#                   (PREFIX=/usr/local, DESTDIR=); make uninstall
#   make modules_install   hmmbench.ko, as make built it for KDIR
#                   (INSTALL_MOD_PATH=)
#   make dkms-install      the module's sources for dkms, built by it
#
# KDIR=<kernel build tree> builds the module for that kernel; by default
# the running kernel's when it has DEVICE_PRIVATE, else a test kernel the
# cache holds built (vm/kdir says which).  Without either, make,
# make clean, sparse and modules_install build no kernel: make builds the
# CLI and says how to get a kernel tree, module, sparse and
# modules_install fail saying so, and clean removes driver/'s build
# files by name.
# ACCEL=tcg (or kvm, or icount: TCG whose guest clock counts instructions)
# makes every VM of run, ab, bench and check use that
# accelerator; by default KVM once a short boot has shown it runs the
# guest, else software emulation.
#
# User variables: KERNEL, ARCH, ARGS, ACCEL, BASE, NEW, ROUNDS, MDE,
# MAX_ROUNDS, BASE_APPEND, NEW_APPEND, SWITCH, PMEM, TREE, RANGE, GOOD,
# BAD, METRIC, MAX, APPEND, OVER, SMOKE, HOST, KDIR,
# CROSS_COMPILE, PREFIX, BINDIR, MANDIR, DOCDIR, BASHCOMPDIR, INSTALL,
# DESTDIR, INSTALL_MOD_PATH, INSTALL_MOD_DIR, GIT_DESCRIBE, CC, CFLAGS,
# LDFLAGS.  Given on the command line, they reach every sub-make: no
# Makefile here uses these names for anything else (tests/doc-commands).

VM := vm
ifneq ($(ACCEL),)
export HMMBENCH_ACCEL := $(ACCEL)
endif
# The module's kernel tree, and on stderr which it is: KDIR, or what
# vm/kdir finds; it fails, saying why, where there is none.
KDIR_CMD = $(if $(KDIR),echo "hmmbench.ko: for KDIR=$(KDIR)" >&2; echo "$(KDIR)",$(VM)/kdir)
CHECKPATCH = $$($(VM)/ksrc)/scripts/checkpatch.pl
KSOURCES = $(filter-out %.mod.c,$(wildcard driver/*.[ch])) uapi/linux/hmmbench.h
# $(call LOCKED,NAME) COMMAND: COMMAND holding build/.NAME.lock.  make
# check's lanes boot two guests at once, and each builds what it boots.
LOCKED = mkdir -p $(CURDIR)/build && flock $(CURDIR)/build/.$(1).lock
# Builds in driver/ one at a time: its objects are of one kernel, and the
# lanes build the module for two kernels at once (an arm64 link found
# x86_64 objects there).
DRIVER_LOCK = $(call LOCKED,driver)

# The CLI, and the module when there is a kernel tree for it.
all: cli
	@if kdir=$$($(KDIR_CMD)); then \
		$(DRIVER_LOCK) $(MAKE) -C driver KDIR="$$kdir"; fi

module:
	@kdir=$$($(KDIR_CMD)) && $(DRIVER_LOCK) $(MAKE) -C driver KDIR="$$kdir"

cli:
	$(MAKE) -C cli

# Everything the VM's initramfs needs, for the kernel in KDIR.  The module
# is kept per kernel in build/module/<kernel>/, so that booting kernels in
# turn (make ab) does not rebuild it on every boot; it is rebuilt when a
# source changes or the kernel was rebuilt (vm/build-kernel writes
# .hmmbench-complete at the end of every build).
GUEST_KO = build/module/$(notdir $(patsubst %/,%,$(KDIR)))/hmmbench.ko

# With CROSS_COMPILE (and ARCH, as for the kernel) the guest's programs are
# cross-built into build/guest-$(ARCH)/, against Debian's multiarch
# libraries of that architecture (which make deps ARCH=arm64 installs).
ifneq ($(CROSS_COMPILE),)
GUEST_TRIPLET := $(patsubst %-,%,$(notdir $(CROSS_COMPILE)))
GUEST_DIR := $(CURDIR)/build/guest-$(ARCH)
GUEST_CLI := CC=$(CROSS_COMPILE)gcc SOBJDIR=$(CURDIR)/build/cli-static-$(ARCH) \
	GUEST=$(GUEST_DIR)/hmmbench PKG_CONFIG="env \
	PKG_CONFIG_LIBDIR=/usr/lib/$(GUEST_TRIPLET)/pkgconfig:/usr/share/pkgconfig \
	pkg-config"
GUEST_CLIENT := CC=$(CROSS_COMPILE)gcc GUEST=$(GUEST_DIR)
endif

# Where KDIR built the kernel's own HMM test driver, test_hmm.ko (the
# x86_64 test kernels), the selftest that drives it, from KDIR's source:
# that of 6.3 and later (tools/testing/selftests/mm/).  6.1's hung in the
# VM: its harness times tests out with alarm(), which needs POSIX timers.
GUEST_HMM_TESTS = $(if $(wildcard $(KDIR)/lib/test_hmm.ko),$(if $(wildcard \
	$(KDIR)/source/tools/testing/selftests/mm/hmm-tests.c),$(dir $(GUEST_KO))hmm-tests))

# The guest's programs are built one build at a time, as the module is.
guest: $(if $(KDIR),$(GUEST_KO) $(GUEST_HMM_TESTS))
	@test -n "$(KDIR)" || { echo "guest: set KDIR" >&2; exit 2; }
	$(call LOCKED,guest) $(MAKE) guest-programs

$(GUEST_HMM_TESTS): $(wildcard $(KDIR)/.hmmbench-complete) vm/build-hmm-tests
	vm/build-hmm-tests $(KDIR) $@

# The guest's programs alone (no kernel needed).
guest-programs:
	$(MAKE) -C cli static $(GUEST_CLI)
	$(MAKE) -C tests/vm client $(GUEST_CLIENT)

# driver/ may hold objects of another kernel, which kbuild does not always
# rebuild (6.12's objtool then finds 6.1's sections in them): start clean.
$(GUEST_KO): $(KSOURCES) driver/Kbuild \
	     $(wildcard $(KDIR)/Module.symvers $(KDIR)/.hmmbench-complete)
	mkdir -p $(@D)
	$(DRIVER_LOCK) sh -c '$(MAKE) -C driver KDIR="$(KDIR)" clean && \
		$(MAKE) -C driver KDIR="$(KDIR)" && cp driver/hmmbench.ko $@'

ARGS ?= --size 64G --iters 10

# ARCH=arm64 (or x86_64) runs in a VM of that architecture; the host's own
# runs here when it can.  Each job installs the packages it needs first
# (tests/deps): run those of where it runs, ab and bench those of the VM
# (bench HOST=1 those of the build).
run:
	@KERNEL="$(KERNEL)" GUEST_ARCH="$(ARCH)" tests/deps run
	KERNEL="$(KERNEL)" GUEST_ARCH="$(ARCH)" $(VM)/main-job $(ARGS)

# A/B comparison of two kernels in the VM, e.g.
#   make ab NEW=~/src/linux ARGS="--size 64G --iters 10"
BASE ?= default
ROUNDS ?= 6

ab:
	@KERNEL="$(KERNEL)" BASE="$(BASE)" NEW="$(NEW)" GUEST_ARCH="$(ARCH)" \
		tests/deps vm
	$(VM)/ab --base "$(if $(KERNEL),$(KERNEL),$(BASE))" \
		--new "$(if $(KERNEL),$(KERNEL),$(NEW))" --rounds $(ROUNDS) \
		--base-append "$(BASE_APPEND)" --new-append "$(NEW_APPEND)" \
		$(if $(ARCH),--arch "$(ARCH)") \
		$(if $(MDE),--mde "$(MDE)") \
		$(if $(MAX_ROUNDS),--max-rounds "$(MAX_ROUNDS)") \
		$(if $(SWITCH),--switch "$(SWITCH)") \
		$(if $(PMEM),--pmem "$(PMEM)") -- $(ARGS)

# Every commit of a kernel patch series measured, and the commit that
# changed a figure found, under icount unless ACCEL says otherwise.
series:
	@GUEST_ARCH="$(ARCH)" tests/deps vm
	$(VM)/series --tree "$(TREE)" --range "$(RANGE)" \
		$(if $(filter command line,$(origin ROUNDS)),--rounds "$(ROUNDS)") \
		$(if $(METRIC),--metric "$(METRIC)") $(if $(MAX),--max "$(MAX)") \
		$(if $(ARCH),--arch "$(ARCH)") $(if $(PMEM),--pmem "$(PMEM)") \
		$(if $(APPEND),--append "$(APPEND)") $(if $(OVER),--over "$(OVER)") \
		$(if $(filter command line,$(origin ARGS)),-- $(ARGS))

bisect:
	@GUEST_ARCH="$(ARCH)" tests/deps vm
	$(VM)/bisect --tree "$(TREE)" --good "$(GOOD)" --bad "$(BAD)" \
		$(if $(filter command line,$(origin ROUNDS)),--rounds "$(ROUNDS)") \
		$(if $(MAX_ROUNDS),--max-rounds "$(MAX_ROUNDS)") \
		$(if $(METRIC),--metric "$(METRIC)") \
		$(if $(ARCH),--arch "$(ARCH)") $(if $(PMEM),--pmem "$(PMEM)") \
		$(if $(APPEND),--append "$(APPEND)") $(if $(OVER),--over "$(OVER)") \
		$(if $(filter command line,$(origin ARGS)),-- $(ARGS))

# Overhead, probe cost, noise, scaling and roofline of hmmbench itself,
# in the VM (64G chunks; several boots), or here with HOST=1; SMOKE=1 for
# small sizes and few iterations.
bench:
	@GUEST_ARCH="$(ARCH)" tests/deps $(if $(HOST),build,vm)
	$(VM)/bench $(if $(SMOKE),--smoke) $(if $(HOST),--host) \
		$(if $(ARCH),--arch "$(ARCH)")

check: deps
	tests/check unit install vm

check-unit:
	@tests/deps unit
	tests/check unit

check-vm: deps
	tests/check vm

check-install: deps
	tests/check install

check-machine: deps
	tests/check machine

# Installation.  PREFIX, the *DIR below and DESTDIR (a staging root
# that packagers set) as in GNU makefiles.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/hmmbench
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
INSTALL ?= install
DOCS = $(notdir $(wildcard docs/*.md))
INSTALLED = $(BINDIR)/hmmbench $(MANDIR)/man1/hmmbench.1 \
	$(BASHCOMPDIR)/hmmbench $(DOCDIR)/README.md $(DOCDIR)/FORMATS.md \
	$(DOCS:%=$(DOCDIR)/docs/%)

install: cli
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(DOCDIR)/docs
	$(INSTALL) -m 755 cli/hmmbench $(DESTDIR)$(BINDIR)/hmmbench
	$(INSTALL) -m 644 man/hmmbench.1 $(DESTDIR)$(MANDIR)/man1/hmmbench.1
	$(INSTALL) -m 644 completion/hmmbench $(DESTDIR)$(BASHCOMPDIR)/hmmbench
	$(INSTALL) -m 644 README.md cli/FORMATS.md $(DESTDIR)$(DOCDIR)/
	$(INSTALL) -m 644 $(DOCS:%=docs/%) $(DESTDIR)$(DOCDIR)/docs/

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(DOCDIR)

# The kernel's modules_install: $(INSTALL_MOD_PATH)/lib/modules/<kernel>/
# updates/ (6.12) or extra/ (6.1), as its kbuild says, or INSTALL_MOD_DIR;
# then depmod.  It installs what make built for that kernel and builds
# nothing, as the kernel's own does: under sudo, a build would leave
# root's files in driver/.
modules_install:
	@kdir=$$($(KDIR_CMD)) || exit 1; \
	rel=$$(cat "$$kdir/include/config/kernel.release") || exit 1; \
	magic=$$(PATH="$$PATH:/sbin:/usr/sbin" modinfo -F vermagic \
		driver/hmmbench.ko 2>/dev/null); \
	if [ "$${magic%% *}" != "$$rel" ]; then \
		echo "hmmbench.ko: not built for $$rel$${magic:+ (it is for $${magic%% *})}: run make$(if $(KDIR), KDIR=$(KDIR)) first" >&2; \
		exit 1; \
	fi; \
	$(DRIVER_LOCK) $(MAKE) -C driver KDIR="$$kdir" modules_install

# dkms: the module's sources in $(DKMS_SRC), where dkms looks for
# hmmbench/<version>; dkms.conf says how to build them.
# as vm/lib.sh's hb_dkms_version reads it
DKMS_VERSION = $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
DKMS_SRC = $(DESTDIR)/usr/src/hmmbench-$(DKMS_VERSION)

dkms-src:
	$(INSTALL) -d $(DKMS_SRC)/driver $(DKMS_SRC)/uapi/linux
	$(INSTALL) -m 644 dkms.conf LICENSE $(DKMS_SRC)/
	$(INSTALL) -m 644 driver/Makefile driver/Kbuild \
		$(filter driver/%,$(KSOURCES)) $(DKMS_SRC)/driver/
	$(INSTALL) -m 644 uapi/linux/hmmbench.h $(DKMS_SRC)/uapi/linux/

dkms-install: dkms-src
	dkms add hmmbench/$(DKMS_VERSION)
	dkms install hmmbench/$(DKMS_VERSION)

dkms-uninstall:
	-dkms remove hmmbench/$(DKMS_VERSION) --all
	rm -rf $(DKMS_SRC)

deps:
	@GUEST_ARCH="$(ARCH)" tests/deps check

deps-build:
	@tests/deps build

style:
	$(CHECKPATCH) --no-tree --quiet -f $(KSOURCES)

sparse:
	@kdir=$$($(KDIR_CMD)) && $(DRIVER_LOCK) $(MAKE) -C driver KDIR="$$kdir" sparse

# The test kernel (KERNEL=6.1 by default) in the cache, built on first
# use; the module builds against it from then on.
kernel:
	$(VM)/build-kernel $(if $(KERNEL),--kernel "$(KERNEL)") \
		$(if $(ARCH),--arch "$(ARCH)")

# kbuild cleans driver/ where there is a kernel tree; elsewhere the files
# a module build leaves there go by name.
DRIVER_BUILT = *.o .*.o *.ko *.mod *.mod.c .*.cmd Module.symvers modules.order \
	.tmp_versions

clean:
	@if kdir=$$($(KDIR_CMD) 2>/dev/null); then \
		echo "hmmbench.ko: driver/ cleaned by kbuild, for $$kdir"; \
		$(DRIVER_LOCK) $(MAKE) -C driver KDIR="$$kdir" clean; \
	else \
		echo "hmmbench.ko: no kernel tree for it, so driver/'s build files go by name"; \
		cd driver && rm -rf $(DRIVER_BUILT); \
	fi
	$(MAKE) -C cli clean
	$(MAKE) -C tests/vm clean
	$(MAKE) -C tests/unit clean
	rm -rf build

.PHONY: all module kernel cli guest guest-programs run ab series bisect bench \
	check check-unit check-vm check-install check-machine \
	deps deps-build style sparse clean install uninstall modules_install dkms-src \
	dkms-install dkms-uninstall
