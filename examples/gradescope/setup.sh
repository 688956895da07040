#!/usr/bin/env bash
# Gradescope runs this once to build the autograder's image (Ubuntu or Debian): it installs forcelab from the
# package put in the autograder's zip beside it (scripts/package makes it).
set -euo pipefail
apt-get update -qq
apt-get install -y -qq /autograder/source/forcelab_*_amd64.deb
