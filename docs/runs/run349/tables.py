import json
# Prints the tables of BENCHMARKS.md's "Current" section from run 349's JSON (python docs/runs/run349/tables.py).
R = "docs/runs/run349/"
tw=json.load(open(R+"bench_task_write.json")); rd=json.load(open(R+"bench_read.json")); al=json.load(open(R+"bench_write.json"))
start={(7168,16384,1):52.7,(4096,7168,8):98.9,(7168,2048,4):29.5}
peer={(7168,16384,1):33.6,(4096,7168,8):118.5,(7168,2048,4):39.7}
cub={}
print("| shape m,k,l | MB | GEMV us | TB/s | %SOL | floor us | GEMV/floor | cuBLAS bf16 us | vs cuBLAS | start kernel port us | vs start port | best peer us | vs best peer |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for r in tw["results"]:
    if r["kind"]!="W4A4 task": continue
    s=tuple(r["shape"]); g=r["gemv"]["median_us"]; c=r["baselines"]["cublas_bf16_bmm"]["median_us"]; cub[s]=c
    print(f"| {','.join(map(str,s))} | {r['bytes']/1e6:.1f} | {g:.1f} +- {r['gemv']['std_us']:.1f} | {r['tbps']:.2f} | {r['pct_sol']:.0f}% | {r['floor']['median_us']:.1f} | {r['gemv_over_floor']:.2f} | {c:.1f} | {c/g:.2f}x | {start[s]} | {start[s]/g:.2f}x | {peer[s]} | {peer[s]/g:.2f}x |")
print("geomean", tw["geomean_us"], "tiled", tw["geomean_tiled_us"], "readbw", tw["read_bandwidth_tbps"], tw["copy_read_side_tbps"])
print()
print("| shape m,k,l | kind | GEMV us | TB/s | %SOL | floor us | GEMV/floor | vs cuBLAS (write flush) | vs start port | vs best peer |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in rd["results"]:
    s=tuple(r["shape"]); g=r["gemv"]["median_us"]
    print(f"| {','.join(map(str,s))} | {r['kind']} | {g:.1f} +- {r['gemv']['std_us']:.1f} | {r['tbps']:.2f} | {r['pct_sol']:.0f}% | {r['floor']['median_us']:.1f} | {r['gemv_over_floor']:.2f} | {cub[s]/g:.2f}x | {start[s]/g:.2f}x | {peer[s]/g:.2f}x |")
print("geomean", rd["geomean_us"], "tiled", rd["geomean_tiled_us"])
print()
byk={}
for r in al["results"]:
    byk[(tuple(r["shape"]),r["kind"])]=r
print("all geomean", al["geomean_us"], al["read_bandwidth_tbps"])
for k,r in byk.items():
    if "task" in k[1]: print(k, round(r["gemv"]["median_us"],1), round(r["gemv_over_floor"],2))
layers=[(4096,4096),(14336,4096),(4096,14336),(7168,2048),(2048,7168),(151936,4096),(8192,28672),(7168,16384)]
print("| m,k (L = 1, N = 1) | W4A4 row-major us | /floor | W4A4 tiled | /floor | W4A16 bf16 row-major | /floor | bf16 tiled | /floor |")
print("|---|---|---|---|---|---|---|---|---|")
for m,k in layers:
    s=(m,k,1); cells=[]
    for kind in ["W4A4 N=1","W4A4 N=1 tiled","W4A16 bf16 N=1","W4A16 bf16 N=1 tiled"]:
        r=byk[(s,kind)]; cells+= [f"{r['gemv']['median_us']:.1f}", f"{r['gemv_over_floor']:.2f}"]
    print(f"| {m},{k} | "+" | ".join(cells)+" |")
print()
print("| 7168x16384, N | 1 | 2 | 4 | 8 | 16 | N=8 / N=1 |")
print("|---|---|---|---|---|---|---|")
for lab,kind,suf in [("W4A4 row-major us","W4A4",""),("W4A4 tiled us","W4A4"," tiled"),("W4A16 bf16 row-major us","W4A16 bf16",""),("W4A16 bf16 tiled us","W4A16 bf16"," tiled")]:
    v=[byk[((7168,16384,1),f"{kind} N={n}{suf}")]["gemv"]["median_us"] for n in (1,2,4,8,16)]
    print(f"| {lab} | "+" | ".join(f"{x:.1f}" for x in v)+f" | {v[3]/v[0]:.2f} |")
for s in [(4096,7168,8),(7168,2048,4)]:
    r=byk[(s,"W4A16 bf16 N=1")]; print(s, r["gemv"]["median_us"], r["gemv_over_floor"])
