# SPDX-License-Identifier: GPL-2.0
# The genl family over a raw socket: GET_INFO agrees with the INFO ioctl;
# attributes, a reserved header byte and event commands in requests are
# refused; without CAP_SYS_ADMIN, INFO works and the dump and the events
# group do not.
set -e
hbnl info
hbnl strict
hbnl unprivileged
