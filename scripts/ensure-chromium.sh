#!/usr/bin/env bash
# The browser tests use Debian's Chromium (or CHROME_PATH); nothing ever downloads a browser.
set -euo pipefail
if [ -n "${CHROME_PATH:-}" ] && [ -x "${CHROME_PATH}" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
install="apt-get update && apt-get install -y chromium"
if [ "$(id -u)" -eq 0 ]; then
  echo "Chromium not found: installing Debian's chromium package."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
else
  echo "Chromium not found. Install it as root with:" >&2
  echo "  sudo sh -c '${install}'" >&2
  echo "or point CHROME_PATH at a Chromium binary." >&2
  exit 1
fi
