"""Run 252: writes a copy of gemv_kernels.cu whose weight and scale loads (and the floor's) carry an L2
cache policy: python3 mk_policy.py evict_first OUT.cu (from the repository root)."""
import sys
src = open("src/nvfp4_gemv/csrc/gemv_kernels.cu").read()
prio = sys.argv[1]
helper = '''// L2 eviction policy of the streamed loads (variant).
__device__ __forceinline__ uint64_t stream_policy() {
  uint64_t p;
  asm("createpolicy.fractional.L2::%s.b64 %%0, 1.0;" : "=l"(p));
  return p;
}

// Streaming 16/8-byte loads''' % prio
reps = [
 ("// Streaming 16/8-byte loads", helper),
 ('''  asm("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
      : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3]) : "l"(p));''',
  '''  asm("ld.global.nc.L1::no_allocate.L2::cache_hint.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
      : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3]) : "l"(p), "l"(stream_policy()));'''),
 ('''"@q ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\\n\\t}"
               : "+r"(w[0]), "+r"(w[1]), "+r"(w[2]), "+r"(w[3]) : "l"(a), "r"((int)p));''',
  '''"@q ld.global.nc.L1::no_allocate.L2::cache_hint.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4], %6;\\n\\t}"
               : "+r"(w[0]), "+r"(w[1]), "+r"(w[2]), "+r"(w[3]) : "l"(a), "r"((int)p), "l"(stream_policy()));'''),
 ('''"@q ld.global.nc.L1::no_allocate.L2::256B.v2.u32 {%0, %1}, [%2];\\n\\t}"
               : "+r"(w[0]), "+r"(w[1]) : "l"(a), "r"((int)p));''',
  '''"@q ld.global.nc.L1::no_allocate.L2::cache_hint.L2::256B.v2.u32 {%0, %1}, [%2], %4;\\n\\t}"
               : "+r"(w[0]), "+r"(w[1]) : "l"(a), "r"((int)p), "l"(stream_policy()));'''),
]
for ins in ["L1::no_allocate.u16", "u16", "u8"]:
    old = '''"@q ld.global.nc.%s %%0, [%%1];\\n\\t}"
                 : "=r"(v) : "l"(sf), "r"((int)p));''' % ins
    q = ins.replace("u16", "L2::cache_hint.u16").replace("u8", "L2::cache_hint.u8")
    new = '''"@q ld.global.nc.%s %%0, [%%1], %%3;\\n\\t}"
                 : "=r"(v) : "l"(sf), "r"((int)p), "l"(stream_policy()));''' % q
    reps.append((old, new))
reps.append(('''"@q ld.global.nc.L1::no_allocate.u32 %0, [%1];\\n\\t}"
               : "+r"(v) : "l"(sf), "r"((int)p));''', '''"@q ld.global.nc.L1::no_allocate.L2::cache_hint.u32 %0, [%1], %3;\\n\\t}"
               : "+r"(v) : "l"(sf), "r"((int)p), "l"(stream_policy()));'''))
for old, new in reps:
    assert src.count(old) == 1, old
    src = src.replace(old, new)
open(sys.argv[2], "w").write(src)
