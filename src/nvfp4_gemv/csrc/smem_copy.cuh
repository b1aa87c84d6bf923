// smem_copy.cuh: shared-memory loads and stores, mbarriers and 1-D bulk copies (the TMA's
// cp.async.bulk), the primitives of the GEMV's weight ring (row_tiles.cuh) and of
// scripts/pattern_probe.cu, which measures the access patterns with the same instructions; 16-byte
// asynchronous copies and the thread block cluster's barrier and shared-memory reads (the tile
// sweep); the W4A16 sweep's copy of x (row_sweep16.cuh). Torch-free.
#pragma once
#include <cuda_runtime.h>
#include <stdint.h>

namespace nvfp4 {
namespace detail {

__device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ uint4 lds128(uint32_t addr) {
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(addr));
  return v;
}

// A 16-byte store to shared memory, ordered (as an asm volatile) with lds128 of the same bytes.
__device__ __forceinline__ void sts128(uint32_t addr, uint4 v) {
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
               : "memory");
}

// A 2-byte store to shared memory (the low half of v), ordered like sts128.
__device__ __forceinline__ void sts16(uint32_t addr, uint32_t v) {
  asm volatile("st.shared.u16 [%0], %1;" ::"r"(addr), "h"((unsigned short)v) : "memory");
}

// sm_90 and later (declared in the host pass too, where device code is parsed, not compiled).
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__device__ __forceinline__ void mbar_init(uint64_t* b, int count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(b)), "r"(count));
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t* b, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(b)),
               "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(b)) : "memory");
}
// Waits until the phase of parity `parity` has completed (a fresh barrier counts its phase
// "before 0", parity 1, as completed: a producer's first pass over its slots does not wait).
__device__ __forceinline__ void mbar_wait(uint64_t* b, uint32_t parity) {
  asm volatile(
      "{\n\t.reg .pred done;\n\tWAIT_%=:\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n\t"
      "@!done bra WAIT_%=;\n\t}" ::"r"(smem_addr(b)), "r"(parity) : "memory");
}
// `bytes` (a multiple of 16) from global `src` to shared `dst` (both 16-byte aligned); their
// arrival completes that many transaction bytes of barrier `b`.
__device__ __forceinline__ void bulk_copy(void* dst, const void* src, uint32_t bytes, uint64_t* b) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
      ::"r"(smem_addr(dst)), "l"(src), "r"(bytes), "r"(smem_addr(b)) : "memory");
}
// 16 bytes from global `src` to shared `dst` (cp.async, LDGSTS; not allocated in L1), of which the
// first src_bytes (0 or 1..16) are read and the rest zero-filled; src_bytes == 0 reads nothing.
// No L2 prefetch hint: the tile sweep (its one user) has each warp copy 512 contiguous bytes, so
// L2::256B asked for nothing more, and without it the sweep was 0-0.4 us faster (run 501, H100,
// two orders, FP4 x N = 8: 4096x14336 24.0-24.2 us against 24.4, 14336x4096 21.7-21.8 against
// 22.0-22.2, 7168x16384 38.5-38.7 against 38.7-38.9; 2048x7168, 4096x4096, 8192x28672 even).
__device__ __forceinline__ void cp_async16(uint32_t dst, const void* src, uint32_t src_bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src), "r"(src_bytes) : "memory");
}
// 4 bytes from global `src` to shared `dst` (cp.async.ca: the sizes under 16 take only .ca).
__device__ __forceinline__ void cp_async4(uint32_t dst, const void* src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(dst), "l"(src) : "memory");
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
// Waits until at most kPending of this thread's committed groups are still in flight.
template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(kPending) : "memory");
}
// This CTA's rank in its cluster, and the cluster's CTA count (1 and 1 outside a cluster launch).
__device__ __forceinline__ unsigned cluster_rank() {
  unsigned r;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
__device__ __forceinline__ unsigned cluster_ctas() {
  unsigned n;
  asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
  return n;
}
// Every thread of every CTA of the cluster arrives; shared-memory writes before it are visible
// to the cluster's reads after it.
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}
// The float at this CTA's shared address `addr` in the shared memory of cluster CTA `rank`.
__device__ __forceinline__ float ld_cluster_f32(uint32_t addr, unsigned rank) {
  uint32_t remote;
  float v;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(addr), "r"(rank));
  asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(v) : "r"(remote) : "memory");
  return v;
}
// The cluster's sums in rank order (the band sweep's and the tile sweep's K split over a
// cluster): after a cluster barrier, each of the C CTAs adds its share of the `count` outputs,
// `threads` at a time, output o the C CTAs' part[o] added in rank order (the same bits whichever
// CTA adds them), and hands it to store(o, sum); a second barrier keeps each CTA's shared memory
// until the others have read it. Every thread of every CTA of the cluster calls it.
template <class Store>
__device__ __forceinline__ void cluster_rank_order_sums(const float* part, int count, unsigned ctas, unsigned rank,
                                                        int threads, Store store) {
  cluster_sync();  // every CTA's sums written
  for (int o = rank * threads + threadIdx.x; o < count; o += ctas * threads) {
    const uint32_t addr = smem_addr(part + o);
    float v = 0.f;
    for (unsigned r = 0; r < ctas; ++r) v += ld_cluster_f32(addr, r);
    store(o, v);
  }
  cluster_sync();
}
#endif  // sm_90 and later

}  // namespace detail
}  // namespace nvfp4
