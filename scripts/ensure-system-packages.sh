#!/usr/bin/env bash
# The Debian packages the project runs (nothing ever downloads a browser or a server by itself):
#   chromium  Chromium for the browser tests and Lighthouse (or CHROME_PATH)
#   nginx     nginx and its brotli modules (on the fly, and the build's .br copies), for
#             `npm run serve:nginx`, the hosting tests and the load bench
# Usage: ensure-system-packages.sh [chromium] [nginx]   (both when none is named)
# Installs what is missing when run as root; otherwise prints the command and fails.
set -euo pipefail
wanted=("$@")
[ "${#wanted[@]}" -gt 0 ] || wanted=(chromium nginx)
missing=()
for name in "${wanted[@]}"; do
  case "$name" in
    chromium)
      if [ -n "${CHROME_PATH:-}" ] && [ -x "${CHROME_PATH}" ]; then continue; fi
      [ -x /usr/bin/chromium ] || missing+=(chromium)
      ;;
    nginx)
      [ -x /usr/sbin/nginx ] || missing+=(nginx)
      [ -f /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ] || missing+=(libnginx-mod-http-brotli-filter)
      [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
      ;;
    *)
      echo "ensure-system-packages.sh: unknown name \"$name\" (chromium, nginx)" >&2
      exit 2
      ;;
  esac
done
[ "${#missing[@]}" -gt 0 ] || exit 0
install="apt-get update && apt-get install -y ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
  echo "Missing Debian packages: ${missing[*]}. Install them as root with:" >&2
  echo "  sudo sh -c '${install}'" >&2
  echo "(for Chromium, CHROME_PATH may point at another build instead)" >&2
  exit 1
fi
