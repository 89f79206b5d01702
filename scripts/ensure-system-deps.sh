#!/usr/bin/env bash
# Installs what the tests need from Debian when it is missing: Chromium (and the DejaVu fonts) for
# the browser tests, WebKitGTK's WebDriver and Firefox ESR for the browser-engine tests
# (tests/engines/), PostgreSQL for the storage tests, and nginx with its stream and Brotli modules
# and nftables for the deployment tests (the shipped site: deploy/nginx/, deploy/nftables/).
# Needs root (as in CI); otherwise says what to install.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
# The fallback fonts the layout-stability tests draw before the web fonts arrive
# (app/font-fallbacks.css); Chromium usually brings them in through fontconfig.
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf ] || missing+=(fonts-dejavu-core)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
# nginx's stream module: the shipped site's ports and connection cap (deploy/nginx/*-stream.conf).
[ -f /usr/lib/nginx/modules/ngx_stream_module.so ] || missing+=(libnginx-mod-stream)
# nginx's Brotli modules: the site's answers in Brotli, and the build files' .br copies.
[ -f /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ] || missing+=(libnginx-mod-http-brotli-filter)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
# nftables: the kernel's cap of connections per address (deploy/nftables/), which
# tests/integration/nginx-site.test.ts installs in a network namespace of its own.
command -v nft >/dev/null 2>&1 || [ -x /usr/sbin/nft ] || missing+=(nftables)
# WebKit (tests/engines/webkit.ts): WebKitWebDriver and its MiniBrowser, which needs an X display
# (Xvfb, with xauth) and Mesa's software GL driver; the last three are only "Recommends", so they
# are named, as this script installs without recommends.
[ -x "${WEBKIT_WEBDRIVER_PATH:-/usr/bin/WebKitWebDriver}" ] || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v xauth >/dev/null 2>&1 || missing+=(xauth)
ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1 || missing+=(libgl1-mesa-dri)
# xdotool makes the WebKit window the display's active one (no window manager on Xvfb), where
# WebKit draws focus rings (tests/engines/visible-focus.test.ts).
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
# Firefox (tests/engines/puppeteer.ts), driven over WebDriver BiDi: no geckodriver.
[ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
# SQLite's own command, which deploy/backup uses for its online backup (tests/integration/backups.test.ts).
command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
# poppler-utils reads the PDFs Chromium prints (tests/e2e/print.spec.ts): pdftotext, pdftoppm.
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "The tests need these Debian packages: ${missing[*]}." >&2
  echo "Install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian starts its packaged nginx on port 80; the tests run their own, so it is stopped.
if [[ " ${missing[*]} " == *" nginx-light "* ]]; then
  systemctl disable --now nginx >/dev/null 2>&1 || service nginx stop >/dev/null 2>&1 || true
fi
