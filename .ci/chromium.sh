# Sourced by .ci/run: installs Debian's chromium if absent, for the dashboard's browser test
# (test/dashboard-browser.test.ts drives it with playwright-core, which never downloads a browser),
# and makes that test fail rather than skip without one.

if [ ! -x /usr/bin/chromium ]; then
  echo "ci: installing chromium (Debian chromium)"
  export DEBIAN_FRONTEND=noninteractive
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium >/dev/null
fi
export AEVS_REQUIRE_BROWSER=1
