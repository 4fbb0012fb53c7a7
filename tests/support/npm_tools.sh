# Sourced by the tests that need the pinned npm modules (tools/snarkjs):
# installs them if missing and sets BIN (their executables) and MODULES
# (node_modules). Without node/npm the test skips (exit 77), unless
# CUZK_EXPECT_NODE=1 says they were installed: then it fails.
BIN=$("$(dirname "${BASH_SOURCE[0]}")/../../scripts/setup/snarkjs-tools")
rc=$?
if [ $rc = 77 ]; then
  if [ "${CUZK_EXPECT_NODE:-0}" = 1 ]; then
    echo "FAIL: node/npm not available, but CUZK_EXPECT_NODE=1 says they were installed"
    exit 1
  fi
  echo "SKIP: node/npm not available"
  exit 77
fi
[ $rc != 0 ] && { echo "FAIL: could not install the npm modules (tools/snarkjs)"; exit 1; }
MODULES=$(dirname "$BIN")
