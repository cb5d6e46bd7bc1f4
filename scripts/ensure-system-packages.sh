#!/usr/bin/env bash
# The Debian packages the project runs (nothing ever downloads a browser or a server by itself):
#   chromium  Chromium for the browser tests and Lighthouse (or CHROME_PATH)
#   nginx     nginx and its brotli modules (on the fly, and the build's .br copies), for
#             `npm run serve`, the hosting tests, the engines' tests and the load bench; openssl,
#             for the self-signed certificate of the release tests' HTTPS; logrotate, which turns
#             the host's visits log over (its configuration is tested as the host runs it)
#   java      a Java runtime for the W3C Nu Html Checker (npm vnu-jar)
#   firefox   Firefox ESR, driven over WebDriver BiDi by puppeteer-core (the engines' tests)
#   webkit    WebKitGTK's WebDriver, its GObject bindings for Python (the small browser it drives,
#             test/engines/webkit-browser.py) and Xvfb, its screen (the engines' tests)
#   poppler   pdftotext and pdftoppm, to read and look at the pages printed to PDF
#   stress-ng a noisy neighbour for the benchmarks that run beside one (npm run bench:links -- --busy);
#             never needed by npm test, so not among "all of them"
# Usage: ensure-system-packages.sh [name...]   (all of them when none is named)
# Installs what is missing when run as root; otherwise prints the command and fails.
set -euo pipefail
wanted=("$@")
[ "${#wanted[@]}" -gt 0 ] || wanted=(chromium nginx java firefox webkit poppler)
missing=()
need() { # need <file or pattern> <package>: the package, unless such a file is there
  compgen -G "$1" >/dev/null || missing+=("$2")
}
for name in "${wanted[@]}"; do
  case "$name" in
    chromium)
      if [ -n "${CHROME_PATH:-}" ] && [ -x "${CHROME_PATH}" ]; then continue; fi
      [ -x /usr/bin/chromium ] || missing+=(chromium)
      ;;
    nginx)
      need /usr/sbin/nginx nginx
      need /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so libnginx-mod-http-brotli-filter
      need /usr/lib/nginx/modules/ngx_http_brotli_static_module.so libnginx-mod-http-brotli-static
      need /usr/bin/openssl openssl
      need /usr/sbin/logrotate logrotate
      ;;
    java)
      need /usr/bin/java default-jre-headless
      ;;
    firefox)
      need /usr/bin/firefox-esr firefox-esr
      ;;
    webkit)
      need /usr/bin/WebKitWebDriver webkit2gtk-driver
      need '/usr/lib/*/girepository-1.0/WebKit2-4.1.typelib' gir1.2-webkit2-4.1
      need /usr/lib/python3/dist-packages/gi/__init__.py python3-gi
      need /usr/bin/Xvfb xvfb
      ;;
    poppler)
      need /usr/bin/pdftotext poppler-utils
      ;;
    stress-ng)
      need /usr/bin/stress-ng stress-ng
      ;;
    *)
      echo "ensure-system-packages.sh: unknown name \"$name\" (chromium, nginx, java, firefox, webkit, poppler, stress-ng)" >&2
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
