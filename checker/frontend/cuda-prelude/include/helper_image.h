/* mapcheck: the CUDA SDK samples' helper_image.h (PGM/PPM files and result
 * comparison for host code).  Declarations. */
#ifndef __MAPCHECK_HELPER_IMAGE_H
#define __MAPCHECK_HELPER_IMAGE_H
#include "host_defines.h" /* before any C++ header: clang's CUDA wrappers of them use __host__ */
#include "helper_string.h"

#ifndef MIN_EPSILON_ERROR
#define MIN_EPSILON_ERROR 1e-3f
#endif

template <class T> bool sdkLoadPGM(const char *file, T **data, unsigned int *w, unsigned int *h);
template <class T> bool sdkSavePGM(const char *file, T *data, unsigned int w, unsigned int h);
bool sdkLoadPPM4ub(const char *file, unsigned char **data, unsigned int *w, unsigned int *h);
bool sdkSavePPM4ub(const char *file, unsigned char *data, unsigned int w, unsigned int h);
bool __loadPPM(const char *file, unsigned char **data, unsigned int *w, unsigned int *h, unsigned int *channels);
bool __savePPM(const char *file, unsigned char *data, unsigned int w, unsigned int h, unsigned int channels);
template <class T> bool sdkReadFile(const char *filename, T **data, unsigned int *len, bool verbose);
template <class T> bool sdkWriteFile(const char *filename, const T *data, unsigned int len, const T epsilon,
                                     bool verbose, bool append = false);
template <class T, class S>
bool compareData(const T *reference, const T *data, const unsigned int len, const S epsilon, const float threshold);
bool sdkCompareL2fe(const float *reference, const float *data, const unsigned int len, const float epsilon);
bool sdkComparePGM(const char *src_file, const char *ref_file, const float epsilon, const float threshold,
                   bool verboseErrors);
bool sdkComparePPM(const char *src_file, const char *ref_file, const float epsilon, const float threshold,
                   bool verboseErrors);

#endif
