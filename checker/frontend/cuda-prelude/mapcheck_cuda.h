/* mapcheck's CUDA prelude: the built-ins device code uses, so that kernels
 * parse with libclang without a CUDA installation (-nocudainc).  Force-
 * included before every .cu file.  Only declarations: the front end models
 * these functions by name (barriers, atomics, GPUVerify annotations) or
 * treats their results as unknown values. */
#ifndef MAPCHECK_CUDA_PRELUDE
#define MAPCHECK_CUDA_PRELUDE
#define __MAPCHECK__ 1

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict

typedef unsigned long size_t;

struct __mapcheck_uint3 { unsigned int x, y, z; };
struct __mapcheck_dim3 { unsigned int x, y, z; };
extern const __device__ __mapcheck_uint3 threadIdx;
extern const __device__ __mapcheck_uint3 blockIdx;
extern const __device__ __mapcheck_dim3 blockDim;
extern const __device__ __mapcheck_dim3 gridDim;
extern const __device__ int warpSize;

#define __MAPCHECK_VEC(T, N) \
  struct N##1 { T x; }; struct N##2 { T x, y; }; \
  struct N##3 { T x, y, z; }; struct N##4 { T x, y, z, w; }; \
  typedef struct N##1 N##1; typedef struct N##2 N##2; \
  typedef struct N##3 N##3; typedef struct N##4 N##4; \
  __device__ __host__ N##1 make_##N##1(T); __device__ __host__ N##2 make_##N##2(T, T); \
  __device__ __host__ N##3 make_##N##3(T, T, T); __device__ __host__ N##4 make_##N##4(T, T, T, T);
__MAPCHECK_VEC(float, float)
__MAPCHECK_VEC(double, double)
__MAPCHECK_VEC(int, int)
__MAPCHECK_VEC(unsigned int, uint)
__MAPCHECK_VEC(char, char)
__MAPCHECK_VEC(unsigned char, uchar)
__MAPCHECK_VEC(short, short)
__MAPCHECK_VEC(unsigned short, ushort)
__MAPCHECK_VEC(long, long)
__MAPCHECK_VEC(unsigned long, ulong)
struct dim3 {
  unsigned int x, y, z;
  __device__ __host__ dim3(unsigned int x = 1, unsigned int y = 1, unsigned int z = 1) : x(x), y(y), z(z) {}
};

/* Barriers and fences. */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned int mask = 0xffffffff);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);

/* Atomics (one generic declaration per name: the front end only needs the name). */
#define __MAPCHECK_ATOMIC2(name) \
  __device__ int name(int *, int); __device__ unsigned int name(unsigned int *, unsigned int); \
  __device__ float name(float *, float); __device__ double name(double *, double); \
  __device__ unsigned long long name(unsigned long long *, unsigned long long);
__MAPCHECK_ATOMIC2(atomicAdd)
__MAPCHECK_ATOMIC2(atomicSub)
__MAPCHECK_ATOMIC2(atomicExch)
__MAPCHECK_ATOMIC2(atomicMin)
__MAPCHECK_ATOMIC2(atomicMax)
__MAPCHECK_ATOMIC2(atomicAnd)
__MAPCHECK_ATOMIC2(atomicOr)
__MAPCHECK_ATOMIC2(atomicXor)
__MAPCHECK_ATOMIC2(atomicInc)
__MAPCHECK_ATOMIC2(atomicDec)
__device__ int atomicCAS(int *, int, int);
__device__ unsigned int atomicCAS(unsigned int *, unsigned int, unsigned int);
__device__ unsigned long long atomicCAS(unsigned long long *, unsigned long long, unsigned long long);

/* Warp intrinsics. */
__device__ int __shfl_sync(unsigned int, int, int, int w = 32);
__device__ float __shfl_sync(unsigned int, float, int, int w = 32);
__device__ int __shfl_up_sync(unsigned int, int, unsigned int, int w = 32);
__device__ float __shfl_up_sync(unsigned int, float, unsigned int, int w = 32);
__device__ int __shfl_down_sync(unsigned int, int, unsigned int, int w = 32);
__device__ float __shfl_down_sync(unsigned int, float, unsigned int, int w = 32);
__device__ int __shfl_xor_sync(unsigned int, int, int, int w = 32);
__device__ float __shfl_xor_sync(unsigned int, float, int, int w = 32);
__device__ int __shfl(int, int, int w = 32);
__device__ float __shfl(float, int, int w = 32);
__device__ int __shfl_down(int, unsigned int, int w = 32);
__device__ float __shfl_down(float, unsigned int, int w = 32);
__device__ int __shfl_up(int, unsigned int, int w = 32);
__device__ float __shfl_up(float, unsigned int, int w = 32);
__device__ int __shfl_xor(int, int, int w = 32);
__device__ float __shfl_xor(float, int, int w = 32);
__device__ unsigned int __ballot_sync(unsigned int, int);
__device__ int __any_sync(unsigned int, int);
__device__ int __all_sync(unsigned int, int);
__device__ unsigned int __activemask(void);
__device__ int __popc(unsigned int);
__device__ int __clz(int);
__device__ int __ffs(int);
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ long long clock64(void);
__device__ int clock(void);

/* Math (results are unknown values to the front end). */
#define __MAPCHECK_MATH1(F) __device__ float F##f(float); __device__ double F(double);
#define __MAPCHECK_MATH2(F) __device__ float F##f(float, float); __device__ double F(double, double);
__MAPCHECK_MATH1(sqrt) __MAPCHECK_MATH1(rsqrt) __MAPCHECK_MATH1(exp) __MAPCHECK_MATH1(exp2)
__MAPCHECK_MATH1(log) __MAPCHECK_MATH1(log2) __MAPCHECK_MATH1(log10) __MAPCHECK_MATH1(sin)
__MAPCHECK_MATH1(cos) __MAPCHECK_MATH1(tan) __MAPCHECK_MATH1(fabs) __MAPCHECK_MATH1(floor)
__MAPCHECK_MATH1(ceil) __MAPCHECK_MATH1(round) __MAPCHECK_MATH1(trunc) __MAPCHECK_MATH1(tanh)
__MAPCHECK_MATH1(asin) __MAPCHECK_MATH1(acos) __MAPCHECK_MATH1(atan) __MAPCHECK_MATH1(cbrt)
__MAPCHECK_MATH2(pow) __MAPCHECK_MATH2(fmin) __MAPCHECK_MATH2(fmax) __MAPCHECK_MATH2(atan2)
__MAPCHECK_MATH2(fmod) __MAPCHECK_MATH2(hypot)
__device__ float __expf(float); __device__ float __logf(float); __device__ float __sinf(float);
__device__ float __cosf(float); __device__ float __fdividef(float, float); __device__ float __saturatef(float);
__device__ float fmaf(float, float, float); __device__ double fma(double, double, double);
__device__ int min(int, int); __device__ unsigned int min(unsigned int, unsigned int);
__device__ float min(float, float); __device__ double min(double, double);
__device__ int max(int, int); __device__ unsigned int max(unsigned int, unsigned int);
__device__ float max(float, float); __device__ double max(double, double);
__device__ int abs(int); __device__ float abs(float);
__device__ unsigned int umin(unsigned int, unsigned int); __device__ unsigned int umax(unsigned int, unsigned int);
__device__ int __float2int_rn(float); __device__ int __float2int_rz(float); __device__ float __int2float_rn(int);
template <typename... A> __device__ int printf(const char *, A...);
__device__ void assert(int);

/* GPUVerify annotations: __requires/__assume become assumptions; the rest
 * are accepted and ignored. */
__device__ void __requires(bool);
__device__ void __assume(bool);
__device__ void __ensures(bool);
__device__ bool __invariant(bool);
__device__ bool __global_invariant(bool);
__device__ void __assert(bool);
__device__ void __global_assert(bool);
__device__ void __function_wide_invariant(bool);
__device__ bool __implies(bool, bool);
__device__ bool __read(const void *);
__device__ bool __write(const void *);
__device__ bool __no_read(const void *);
__device__ bool __no_write(const void *);
__device__ bool __read_offset_bytes(const void *);
__device__ bool __write_offset_bytes(const void *);
__device__ bool __same_group(void);
__device__ bool __uniform_int(int);
__device__ bool __uniform_bool(bool);
__device__ bool __distinct_int(int);
__device__ bool __all(bool);
__device__ bool __at_most_one(bool);
__device__ bool __enabled(void);
__device__ int __other_int(int);
__device__ bool __other_bool(bool);
__device__ bool __ptr_base(const void *);
__device__ bool __ptr_offset_bytes(const void *);
#define __return_val_int() 0
#define __old_int(x) (x)
#endif
