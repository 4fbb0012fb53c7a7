"""The curio_client.mjs scenario of curio_daemon_test.sh: Curio's requests
for the 2 KiB sector (values.json, written by fixtures.py) and the refusals.
Usage: scenario.py <test dir> <missing params file name>  (prints the JSON)
The proofs land in <test dir>/<name>.proof for the shell to verify.
"""
import json
import os
import re
import sys

d, missing_file = sys.argv[1], sys.argv[2]
v = json.load(open(os.path.join(d, "values.json")))
sector = v["sector"]
miner = v["miner_id"]
path = lambda *p: os.path.join(d, *p)
hexb = lambda h: {"hex": h}
filb = lambda f: {"file": f}


def proof_len(name):
    """192 bytes per partition: PoRep and SnapDeals '<n> per proof'; one PoSt partition."""
    m = re.match(r"(\d+) per proof", json.load(open(path(name + ".shape.json")))["partitions"])
    return 192 * (int(m.group(1)) if m else 1)


def porep(request_id):
    return {"request_id": request_id, "proof_kind": "POREP_SEAL_COMMIT", "sector_size": v["sector_size"],
            "registered_proof": v["seal_proof_id"], "priority": "NORMAL",
            "vanilla_proof": filb(os.path.join(sector, "c1_wrapper.json")),
            "sector_number": v["sector_id"], "miner_id": miner}


def snap(request_id):
    return {"request_id": request_id, "proof_kind": "SNAP_DEALS_UPDATE", "sector_size": v["sector_size"],
            "registered_proof": v["update_proof_id"], "priority": "NORMAL",
            "vanilla_proofs": {"base64_json_file": os.path.join(sector, "snap_proofs.json")},
            "sector_number": v["sector_id"], "miner_id": miner, "comm_r_old": hexb(v["comm_r_old"]),
            "comm_r_new": hexb(v["comm_r_new"]), "comm_d_new": hexb(v["comm_d_new"])}


def window(request_id, vanilla=None, randomness=None):
    return {"request_id": request_id, "proof_kind": "WINDOW_POST_PARTITION", "sector_size": v["sector_size"],
            "registered_proof": v["window_post_id"], "priority": "HIGH",
            "vanilla_proofs": [filb(vanilla or os.path.join(sector, "window_post.vproof"))],
            "miner_id": miner, "randomness": hexb(randomness or v["post_randomness"]), "partition_index": 0}


def winning(request_id):
    return {"request_id": request_id, "proof_kind": "WINNING_POST", "sector_size": v["sector_size"],
            "registered_proof": v["winning_post_id"], "priority": "CRITICAL",
            "vanilla_proofs": [filb(os.path.join(sector, "winning_post.vproof"))],
            "miner_id": miner, "randomness": hexb(v["post_randomness"])}


def prove(name, request, kind, **extra):
    return {"step": "prove", "name": name, "request": request, "proof_out": path(name + ".proof"),
            "proof_len": proof_len(kind), **extra}


def refused(name, request, code, message=None, rpc="Prove"):
    step = {"step": "expect_error", "name": name, "rpc": rpc, "request": request, "code": code}
    if message:
        step["message"] = message
    return step


s = v["sector_id"]
wd = "wdpost-%d-0-0" % miner
missing = window("wdpost-%d-1-0" % miner, os.path.join(v["missing_sector"], "window_post.vproof"),
                 v["missing_post_randomness"])
missing.update({"sector_size": v["missing_sector_size"], "registered_proof": v["missing_post_id"]})
garbage = porep("porep-%d-%d-garbage" % (miner, s))
garbage["vanilla_proof"] = {"random": 200 * 1000 * 1000}
corrupt = porep("porep-%d-%d-corrupt" % (miner, s))
corrupt["vanilla_proof"] = filb(path("c1_corrupt.json"))
unknown_kind = winning("winpost-%d-unknown-kind" % miner)
unknown_kind["proof_kind"] = 77

steps = [
    prove("window", window(wd), "window"),
    prove("winning", winning("winpost-%d-1" % miner), "winning"),
    prove("porep", porep("porep-%d-%d" % (miner, s)), "porep", poll_status=True),
    prove("snap", snap("snap-%d-%d" % (miner, s)), "snap"),
    {"step": "await_timeout", "name": "porep_awaited", "request": porep("porep-%d-%d-await" % (miner, s)),
     "proof_out": path("porep_awaited.proof"), "proof_len": proof_len("porep")},
    {"step": "cancel", "name": "porep cancelled", "request": porep("porep-%d-%d-cancel" % (miner, s))},
    {"step": "await_unknown", "name": "unknown job", "job_id": "porep-%d-999-never-submitted" % miner},
    refused("unknown proof_kind 77", unknown_kind, "INVALID_ARGUMENT"),
    refused("unknown proof_kind 77 (SubmitProof)", unknown_kind, "INVALID_ARGUMENT", rpc="SubmitProof"),
    {"step": "expect_error", "name": "Prove without submit", "rpc": "Prove", "no_submit": True,
     "code": "INVALID_ARGUMENT"},
    refused("corrupt C1 output", corrupt, "INVALID_ARGUMENT"),
    refused("31-byte randomness", window(wd + "-short", randomness=v["post_randomness"][:62]),
            "INVALID_ARGUMENT", "randomness"),
    refused("tampered vanilla proof", window(wd + "-tampered", path("window_tampered.vproof")),
            "INVALID_ARGUMENT", "vanilla proof"),
    refused("missing params (%s)" % v["missing_post_proof"], missing, "FAILED_PRECONDITION", missing_file),
    refused("200 MB of garbage as the C1 output", garbage, "INVALID_ARGUMENT"),
    prove("winning_after_errors", winning("winpost-%d-2" % miner), "winning"),
    # Curio retries a task under the same request id.
    prove("window_again", window(wd), "window"),
    {"step": "metrics", "name": "metrics", "patterns": [
        r'^cuzk_proofs_completed\{proof_kind="%s"\} [1-9]' % k
        for k in ["porep_c2", "snap_update", "window_post", "winning_post"]]},
    {"step": "preload", "name": "preload", "circuit_id": "wpost-2k"},
    {"step": "evict", "name": "evict", "circuit_id": "wpost-2k", "was_loaded": True},
    {"step": "status_idle", "name": "status at the end"},
]
json.dump({"deadline_s": 1200, "steps": steps}, sys.stdout, indent=1)
