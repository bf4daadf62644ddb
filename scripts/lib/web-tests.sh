# The arbiters' page (web/) in headless Chromium, a stage of scripts/test:
#   source scripts/lib/web-tests.sh; arbiter_web_tests NATIVE_ARBITER
# Runs web/test/logic.test.mjs (Node only: glosses, numbering against the native
# program), then installs puppeteer-core (npm ci; nothing to download when
# web/test/node_modules is already up to date) and runs web/test/browser.test.mjs,
# which compares the page's verdicts with the native program's. Without Chromium,
# Node or the npm packages it says "SKIPPED" and why, and returns 0.

arbiter_web_tests() {
  local native="$1" dir="$ARBITER_ROOT/web/test"
  # NodeSource's nodejs brings its own npm and conflicts with Debian's: ask apt
  # for npm only where there is no npm command.
  local packages=(chromium nodejs)
  command -v npm >/dev/null || packages+=(npm)
  arbiter_ensure_packages "${packages[@]}" || arbiter_log "web: could not install ${packages[*]}"
  if ! command -v node >/dev/null; then
    arbiter_log "web: SKIPPED the page's tests (no node)"
    return 0
  fi
  arbiter_log "web: the page's logic (glosses and numbering against $native)"
  (cd "$dir" && ARBITER_NATIVE_BIN="$native" node --test logic.test.mjs)
  local chromium="${CHROMIUM_BIN:-/usr/bin/chromium}"
  if [ ! -x "$chromium" ] || ! command -v npm >/dev/null; then
    arbiter_log "web: SKIPPED the browser test (needs $chromium and npm)"
    return 0
  fi
  # npm ci starts from scratch; skip it while node_modules matches the lock file.
  if [ ! -f "$dir/node_modules/.package-lock.json" ] ||
     [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    if ! (cd "$dir" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --prefer-offline --no-audit --no-fund >&2); then
      arbiter_log "web: SKIPPED the browser test (npm ci failed: offline without web/test/node_modules?)"
      return 0
    fi
  fi
  arbiter_log "web: the arbiters' page in headless Chromium"
  # Screenshots into build/, so that a test run leaves the committed ones in docs/ alone.
  (cd "$dir" && ARBITER_NATIVE_BIN="$native" CHROMIUM_BIN="$chromium" \
    ARBITER_WEB_SCREENSHOTS="${ARBITER_WEB_SCREENSHOTS:-$ARBITER_ROOT/build/web-screenshots}" node --test browser.test.mjs)
}
