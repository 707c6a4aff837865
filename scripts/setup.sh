#!/usr/bin/env bash
# Installs what mapcheck needs on a fresh Debian 12 machine (run as root, or
# with sudo available): Z3 (linked by the `z3` crate), libclang (loaded at run
# time by the CUDA front end) and pkg-config.  Idempotent: does nothing when
# everything is already there.
set -euo pipefail

packages=(libz3-dev libclang-19-dev clang-19 pkg-config)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
