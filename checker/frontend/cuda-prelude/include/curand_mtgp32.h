/* mapcheck: the MTGP32 generator's state and parameters (cuRAND's
 * curand_mtgp32.h). */
#ifndef __MAPCHECK_CURAND_MTGP32_H
#define __MAPCHECK_CURAND_MTGP32_H
#include "curand.h"

#define MTGPDC_MEXP 11213
#define MTGPDC_N 351
#define MTGPDC_FLOOR_2P 256
#define MTGPDC_CEIL_2P 512
#define MTGPDC_PARAM_TABLE mtgp32dc_params_fast_11213
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGPDC_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define BLOCK_NUM_MAX CURAND_NUM_MTGP32_PARAMS
#define TBL_SIZE 16

struct mtgp32_params_fast {
  int mexp;
  int pos;
  int sh1;
  int sh2;
  unsigned int tbl[16];
  unsigned int tmp_tbl[16];
  unsigned int flt_tmp_tbl[16];
  unsigned int mask;
  unsigned char poly_sha1[21];
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;

struct mtgp32_kernel_params {
  unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;

struct curandStateMtgp32 {
  unsigned int s[MTGP32_STATE_SIZE];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t *k;
  int precise_double_flag;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;

extern mtgp32_params_fast_t mtgp32dc_params_fast_11213[];

extern "C" {
__host__ curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[],
                                                  mtgp32_kernel_params_t *p);
__host__ curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s, mtgp32_params_fast_t params[],
                                                    mtgp32_kernel_params_t *k, int n, unsigned long long seed);
}

#endif
