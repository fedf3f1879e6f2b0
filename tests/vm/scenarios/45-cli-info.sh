# SPDX-License-Identifier: GPL-2.0
# hmmbench info reports the module and host facts, as text and JSON.
set -e
hmmbench info
hmmbench info --format json >cli-info.json
grep -q '"struct_page_size": *64,' cli-info.json
grep -q '"phase_probe"' cli-info.json
