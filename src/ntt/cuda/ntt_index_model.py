# Python model of the GPU NTT kernels' index math (src/ntt/cuda/ntt_kernels.cuh):
# plans, thread-to-element maps, swizzled shared-memory exchanges (every slot
# written once, bank-conflict-free 8-lane phases), DIF rounds, twiddles, digit
# reversal, negation and fused factors, over the Goldilocks field, checked
# against an FFT. Design aid, not a test: python3 ntt_index_model.py 14:8,6 15:9,6 13:5,4,4
import random, sys
P = 2**64 - 2**32 + 1
G = 7
def root(L): return pow(G, (P-1) >> L, P)
kLogW = 12

def make_map(U, r, w, group_first, last=()):
    nt = U - 3
    cand = []
    if group_first: cand += list(range(r, U))
    cand += [b for b in range(r) if (b < w or b >= w + 3) and b not in last]
    if not group_first: cand += list(range(r, U))
    nlast = len(cand)
    cand += sorted(last)
    pos = []; used = [False]*len(cand)
    want = min(nt, 3)
    for i, c in enumerate(cand[:nlast]):
        if len(pos) >= want: break
        if all(q % 3 != c % 3 for q in pos):
            pos.append(c); used[i] = True
    for i, c in enumerate(cand):
        if not used[i]: pos.append(c)
    assert len(pos) == nt
    return pos

def swz(u): return u ^ (((u >> 3) ^ (u >> 6) ^ (u >> 9) ^ (u >> 12) ^ (u >> 15)) & 7)

def rounds_info(R_LOG, G_LOG, COLUMN):
    NR = (R_LOG + 2) // 3
    out = []
    split = R_LOG in (7, 8) and R_LOG + G_LOG == 10 and NR == 3  # CUZK_NTT_SPLIT_LOW
    for I in range(NR):
        q = NR - 1 - I
        lo = 3*q; hi = min(3*q+3, R_LOG) - 1; w = min(3*q, R_LOG-3)
        if split: lo, hi, w = [(5, R_LOG-1, R_LOG-3), (3, 4, 2), (0, 2, 0)][I]
        gf = (I == NR-1) or (I == 0 and COLUMN)
        m = make_map(R_LOG+G_LOG, R_LOG, w, gf, (0, 1) if split and I == 1 else ())
        if split and I == 1: assert m[-2:] == [0, 1]  # t bits 0, 1 on the warp index
        out.append(dict(lo=lo, hi=hi, w=w, map=m, skips=split and I == 1))
    return out

def deposit(tid, pos):
    u = 0
    for k, p in enumerate(pos): u |= ((tid >> k) & 1) << p
    return u

def brev(v, bits): return int(format(v, '0%db' % bits)[::-1], 2) if bits else 0
def brev3(e): return ((e & 1) << 2) | (e & 2) | ((e >> 2) & 1)

def make_plan(L):
    if L <= 12: return []
    np_ = 2 if L <= 18 else 3 if L <= 27 else 4
    r = []; left = L
    for p in range(np_):
        r.append((left + (np_ - p) - 1) // (np_ - p)); left -= r[-1]
    r = {22: [8, 8, 6], 25: [8, 9, 8]}.get(L, r)  # as make_plan's tuned plans
    return r

def conflict_check(slots):
    # per 8-lane phase, low 3 bits of slots distinct
    for ph in range(0, len(slots), 8):
        s = [x & 7 for x in slots[ph:ph+8]]
        if len(s) == 8 and len(set(s)) != 8: return False
    return True

conflicts = 0
def run_pass(inp, out, L, R_LOG, G_LOG, COLUMN, args, Wt, w8):
    global conflicts
    R = 1 << R_LOG; U = R_LOG + G_LOG; TILE = 1 << U; T = TILE // 8
    RI = rounds_info(R_LOG, G_LOG, COLUMN)
    nblocks = (1 << L) >> U
    for blk in range(nblocks):
        regs = {}
        # loads
        W0 = RI[0]['w']
        for tid in range(T):
            ub0 = deposit(tid, RI[0]['map']); g0 = ub0 >> R_LOG; tb0 = ub0 & (R-1)
            if COLUMN:
                lbps = args['log_S'] - G_LOG
                seg_off = (blk >> lbps) << args['log_N']; j0 = (blk & ((1 << lbps)-1)) << G_LOG
                base0 = seg_off + j0 + g0; sh0 = args['log_S']
            else:
                il = (blk << G_LOG) + g0; pos = 0
                for d in range(args['ndig']):
                    pos |= (il & ((1 << args['dig_bits'][d]) - 1)) << args['dig_pos'][d]; il >>= args['dig_bits'][d]
                base0 = pos; sh0 = 0
            xs = []
            for e in range(8):
                off = base0 + ((tb0 | (e << W0)) << sh0)
                v = inp[off]
                if args.get('pre'): v = v * args['pre'](off) % P
                xs.append(v)
            regs[tid] = xs
        # rounds
        for I, ri in enumerate(RI):
            if I > 0:
                rp = RI[I-1]; sm = {}
                for e in range(8):
                    slots = []
                    for tid in range(T):
                        s = swz(deposit(tid, rp['map'])) ^ swz(e << rp['w'])
                        assert s not in sm; sm[s] = regs[tid][e]; slots.append(s)
                    if not conflict_check(slots): conflicts += 1
                for e in range(8):
                    slots = []
                    for tid in range(T):
                        s = swz(deposit(tid, ri['map'])) ^ swz(e << ri['w'])
                        regs[tid][e] = sm[s]; slots.append(s)
                    if not conflict_check(slots): conflicts += 1
                assert len(sm) == TILE
            w = ri['w']
            for tid in range(T):
                ub = deposit(tid, ri['map']); lane_low = ub & ((1 << w) - 1)
                if ri['skips']:  # split round: m's thread part is per warp
                    assert lane_low == deposit(tid & ~31, ri['map']) & 3
                x = regs[tid]
                for B in range(ri['hi'], ri['lo'] - 1, -1):
                    Q = B - w; NT = 1 << Q
                    for e in range(8):
                        if e & (1 << Q): continue
                        h = e | (1 << Q); eb = e & (NT - 1)
                        s_ = (x[e] + x[h]) % P; d = (x[e] - x[h]) % P
                        x[e] = s_
                        if w == 0:
                            x[h] = d if eb == 0 else d * w8[eb << (2 - B)] % P
                        else:
                            x[h] = d * Wt[(lane_low | (eb << w)) << (kLogW - 1 - B)] % P
        # stores
        riL = RI[-1]
        for tid in range(T):
            ubL = deposit(tid, riL['map']); g = ubL >> R_LOG; tb = ubL & (R-1); kb = brev(tb, R_LOG)
            for e in range(8):
                k = kb | (brev3(e) << (R_LOG - 3))
                v = regs[tid][e]
                if COLUMN:
                    lbps = args['log_S'] - G_LOG
                    seg_off = (blk >> lbps) << args['log_N']; j0 = (blk & ((1 << lbps)-1)) << G_LOG
                    j = j0 + g
                    t = pow(args['omega'], ((j * k) << args['tw_shift']), P)
                    o = seg_off + j + (k << args['log_S'])
                    out[o] = v * t % P
                else:
                    il = (blk << G_LOG) + g
                    idx = il + (k << (L - R_LOG))
                    if args.get('negate'): idx = (-idx) & ((1 << L) - 1)
                    if args.get('post'): v = v * args['post'](idx) % P
                    out[idx] = v

PLAN_OVERRIDE = {}
# log2 of a tile's groups per radix: 1024-element tiles, 512 for radix 2^6 (gpu_ntt_impl.cuh)
def tile_groups(r): return 3 if r <= 7 else (2 if r == 8 else 1)

def gpu_transform(x, L, inverse=False, pre=None, post=None, G_of=tile_groups):
    n = 1 << L; om = root(L)
    Wt = [pow(root(kLogW), i, P) for i in range(1 << (kLogW-1))]
    w8 = [pow(root(3), i, P) for i in range(4)]
    r = PLAN_OVERRIDE.get(L) or make_plan(L)
    assert r, "small sizes not modelled"
    scratch = [None]*n; out = [None]*n
    log_N = L
    for p, rp in enumerate(r):
        last = p + 1 == len(r)
        args = dict(omega=om)
        if p == 0 and pre: args['pre'] = pre
        if not last:
            args.update(log_N=log_N, log_S=log_N - rp, tw_shift=L - log_N); log_N -= rp
        else:
            args.update(negate=inverse, post=post, ndig=len(r)-1, dig_bits=r[:-1],
                        dig_pos=[L - sum(r[:d+1]) for d in range(len(r)-1)])
        run_pass(x if p == 0 else scratch, out if last else scratch, L, rp, G_of(rp), not last, args, Wt, w8)
    assert all(v is not None for v in out)
    return out

def dft(x, L, inv=False):
    n = 1 << L; om = root(L)
    if inv: om = pow(om, P-2, P)
    res = [sum(x[t] * pow(om, t*k, P) for t in range(n)) % P for k in range(n)]
    if inv:
        ni = pow(n, P-2, P); res = [v * ni % P for v in res]
    return res

def ntt_fast(x, L):  # reference via recursive FFT for speed
    n = len(x)
    if n == 1: return x[:]
    om = root(L)
    ev = ntt_fast(x[0::2], L-1); od = ntt_fast(x[1::2], L-1)
    out = [0]*n; w = 1
    for k in range(n//2):
        t = w * od[k] % P
        out[k] = (ev[k] + t) % P; out[k + n//2] = (ev[k] - t) % P; w = w * om % P
    return out

random.seed(1)
specs = []
for a in sys.argv[1:]:
    if ':' in a:
        L_, pl = a.split(':'); specs.append((int(L_), [int(v) for v in pl.split(',')]))
    else: specs.append((int(a), None))
for L, pl in specs:
  PLAN_OVERRIDE.clear()
  if pl: PLAN_OVERRIDE[L] = pl
  n = 1 << L
  x = [random.randrange(P) for _ in range(n)]
  want = ntt_fast(x, L)
  got = gpu_transform(x, L)
  assert got == want, ("forward", L)
  # inverse with 1/n
  ni = pow(n, P-2, P)
  got = gpu_transform(want, L, inverse=True, post=lambda i: ni)
  assert got == x, ("inverse", L)
  # coset forward with shift g
  g = 7
  got = gpu_transform(x, L, pre=lambda i: pow(g, i, P))
  assert got == ntt_fast([x[i] * pow(g, i, P) % P for i in range(n)], L), ("coset", L)
  print("ok L", L, "plan", PLAN_OVERRIDE.get(L) or make_plan(L), "conflicting phases so far", conflicts, flush=True)
