// scale_tail_probe.cu: does ptxas take two predicated loads of different widths into one register,
// a 4-byte one where 4 scale bytes remain and a 16-bit one (zero-extended) where 2 do, so a scale
// row ending mid-word needs no OR? BENCHMARKS.md, the eighty-first session's next steps. Compile only (no GPU needed):
//   nvcc -arch=sm_90a -cubin -o /tmp/scale_tail_probe.cubin scripts/scale_tail_probe.cu
//   cuobjdump -sass /tmp/scale_tail_probe.cubin | grep LDG
// Seen (nvcc 13.0): "@P0 LDG.E.NA.CONSTANT R9" and "@!P0 LDG.E.NA.U16.CONSTANT R9" (P0 recomputed as
// bytes != 2), R9 zeroed before, then stored: one register, two loads, nothing in between. But the
// second load waits for the first's scoreboard (a write after write to R9; scripts/
// sass_scoreboards.py found it in the tile sweep's loop, three waits a tile), so that form still
// waits in the loop: item 325 (branch scale-tail, not yet run) loads the 2 bytes into a register of
// their own and stores them over the word's low half in shared memory (BENCHMARKS.md next steps).
#include <cstdint>

__global__ void scale_tail_probe(const uint8_t* scales, uint32_t* out, int bytes) {
  uint32_t word = 0;
  asm volatile("{\n\t.reg .pred whole, half;\n\tsetp.ge.s32 whole, %2, 4;\n\tsetp.eq.s32 half, %2, 2;\n\t"
               "@whole ld.global.nc.L1::no_allocate.u32 %0, [%1];\n\t"
               "@half ld.global.nc.L1::no_allocate.u16 %0, [%1];\n\t}"
               : "+r"(word) : "l"(scales), "r"(bytes));
  out[threadIdx.x] = word;
}
