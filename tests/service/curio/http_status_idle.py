"""GET /status on the daemon's loopback port: no job queued or running and
the budget back to idle (no pool buffer in use; the budget holds only pinned
buffers and keys). Prints ok/FAIL/skip lines; exit 1 on a failure.
Usage: http_status_idle.py <port>
"""
import json
import sys
import urllib.request

port = sys.argv[1]
try:
    doc = json.load(urllib.request.urlopen("http://127.0.0.1:%s/status" % port, timeout=30))
except Exception as e:
    print("FAIL: HTTP /status on port %s: %s" % (port, e))
    sys.exit(1)
failed = False
in_flight = doc.get("jobs_in_flight")
if in_flight is not None:
    if in_flight:
        print("FAIL: HTTP /status: %s jobs in flight at the end" % in_flight)
        failed = True
    else:
        print("ok: HTTP /status: no job in flight")
budget, pool = doc.get("budget"), doc.get("pool")
if not isinstance(budget, dict) or "used" not in budget or not isinstance(pool, dict) or "bytes_in_use" not in pool:
    print("skip: HTTP /status has no budget.used / pool.bytes_in_use: %s" % sorted(doc))
else:
    keys, matrices = doc.get("key_bytes", 0), doc.get("matrix_bytes", 0)
    idle = pool["bytes_in_use"] == 0 and budget["used"] == pool.get("bytes_pinned", 0) + keys + matrices
    what = "budget used %s, pool pinned %s in use %s, keys %s, matrices %s" % (
        budget["used"], pool.get("bytes_pinned"), pool["bytes_in_use"], keys, matrices)
    if idle:
        print("ok: HTTP /status: budget idle (%s)" % what)
    else:
        print("FAIL: HTTP /status: budget not idle (%s)" % what)
        failed = True
sys.exit(1 if failed else 0)
