/* mapcheck: cuRAND's device API (curand_kernel.h): generator states
 * (XORWOW `curandState`, Philox, MRG32k3a, Sobol, MTGP32) and the
 * functions drawing from them.
 *
 * Every function here reads and writes the state it is given (`curand_init`
 * writes it, `curand*` advance it): declarations only, which the front end
 * must model itself (today a call without a body that receives a pointer
 * into an array makes the kernel `unknown`).  For MTGP32 one state is
 * shared by a whole block and each thread updates the slot of its
 * `threadIdx.x`. */
#ifndef __MAPCHECK_CURAND_KERNEL_H
#define __MAPCHECK_CURAND_KERNEL_H
#define _CURAND_KERNEL_H_ /* NVIDIA's include guard */
#include "curand.h"
#include "curand_mtgp32.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

/* Seeding (writes *state). */
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                            curandStateXORWOW_t *state);
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                            curandStatePhilox4_32_10_t *state);
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                            curandStateMRG32k3a_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                            curandStateSobol32_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int scramble_c,
                            unsigned int offset, curandStateScrambledSobol32_t *state);
__device__ void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                            curandStateSobol64_t *state);

/* Drawing (reads and writes *state). */
#define __MAPCHECK_CURAND(S)                                                   \
  __device__ unsigned int curand(S *state);                                    \
  __device__ float curand_uniform(S *state);                                   \
  __device__ double curand_uniform_double(S *state);                           \
  __device__ float curand_normal(S *state);                                    \
  __device__ double curand_normal_double(S *state);                            \
  __device__ float curand_log_normal(S *state, float mean, float stddev);      \
  __device__ double curand_log_normal_double(S *state, double mean, double stddev); \
  __device__ unsigned int curand_poisson(S *state, double lambda);             \
  __device__ unsigned int curand_discrete(S *state, curandDiscreteDistribution_t d);
__MAPCHECK_CURAND(curandStateXORWOW_t)
__MAPCHECK_CURAND(curandStatePhilox4_32_10_t)
__MAPCHECK_CURAND(curandStateMRG32k3a_t)
__MAPCHECK_CURAND(curandStateMtgp32_t)
__MAPCHECK_CURAND(curandStateSobol32_t)
__MAPCHECK_CURAND(curandStateScrambledSobol32_t)
#undef __MAPCHECK_CURAND
#define __MAPCHECK_CURAND2(S)                                                  \
  __device__ float2 curand_normal2(S *state);                                  \
  __device__ double2 curand_normal2_double(S *state);                          \
  __device__ float2 curand_log_normal2(S *state, float mean, float stddev);    \
  __device__ double2 curand_log_normal2_double(S *state, double mean, double stddev);
__MAPCHECK_CURAND2(curandStateXORWOW_t)
__MAPCHECK_CURAND2(curandStatePhilox4_32_10_t)
__MAPCHECK_CURAND2(curandStateMRG32k3a_t)
#undef __MAPCHECK_CURAND2
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev);
__device__ uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);
__device__ unsigned long long curand(curandStateSobol64_t *state);
__device__ double curand_uniform_double(curandStateSobol64_t *state);

/* Skipping ahead (reads and writes *state). */
#define __MAPCHECK_SKIP(S)                                                     \
  __device__ void skipahead(unsigned long long n, S *state);                   \
  __device__ void skipahead_sequence(unsigned long long n, S *state);          \
  __device__ void skipahead_subsequence(unsigned long long n, S *state);
__MAPCHECK_SKIP(curandStateXORWOW_t)
__MAPCHECK_SKIP(curandStatePhilox4_32_10_t)
__MAPCHECK_SKIP(curandStateMRG32k3a_t)
#undef __MAPCHECK_SKIP
__device__ void skipahead(unsigned int n, curandStateSobol32_t *state);

/* MTGP32: one state per block. */
__device__ unsigned int curand_mtgp32_single(curandStateMtgp32_t *state);
__device__ unsigned int curand_mtgp32_single_specific(curandStateMtgp32_t *state, unsigned char index,
                                                      unsigned char n);
__device__ unsigned int curand_mtgp32_specific(curandStateMtgp32_t *state, unsigned char index, unsigned char n);
__device__ float curand_mtgp32_single_float(curandStateMtgp32_t *state);

#endif
