/* mapcheck: texture fetches in device code (CUDA's
 * texture_fetch_functions.h and texture_indirect_functions.h), for
 * texture references `texture<T, dim, mode>` and texture objects
 * `cudaTextureObject_t`.  A texture is read-only during a kernel, so a
 * fetch cannot race: declarations, whose results are unknown values.
 * With `cudaReadModeNormalizedFloat`, integer texels are read as float
 * (`uchar4` → `float4`). */
#ifndef __MAPCHECK_TEXTURE_FETCH_FUNCTIONS_H
#define __MAPCHECK_TEXTURE_FETCH_FUNCTIONS_H
#define __TEXTURE_FETCH_FUNCTIONS_H__ /* NVIDIA's include guard */
#include "cuda_texture_types.h"
#include "vector_types.h"

namespace __mapcheck {
/* The type a fetch returns. */
template <class T, int mode> struct tex_ret { typedef T type; };
template <class T> struct tex_norm { typedef float type; };
#define __MAPCHECK_TEX_NORM(B)                                                 \
  template <> struct tex_norm<B##1> { typedef float1 type; };                  \
  template <> struct tex_norm<B##2> { typedef float2 type; };                  \
  template <> struct tex_norm<B##4> { typedef float4 type; };
__MAPCHECK_TEX_NORM(char)
__MAPCHECK_TEX_NORM(uchar)
__MAPCHECK_TEX_NORM(short)
__MAPCHECK_TEX_NORM(ushort)
#undef __MAPCHECK_TEX_NORM
template <class T> struct tex_ret<T, cudaReadModeNormalizedFloat> { typedef typename tex_norm<T>::type type; };
/* tex2Dgather returns four values of one component. */
template <class T> struct tex_elem4 { typedef float4 type; };
#define __MAPCHECK_TEX_GATHER(B, E)                                            \
  template <> struct tex_elem4<E> { typedef B##4 type; };                      \
  template <> struct tex_elem4<B##1> { typedef B##4 type; };                   \
  template <> struct tex_elem4<B##2> { typedef B##4 type; };                   \
  template <> struct tex_elem4<B##3> { typedef B##4 type; };                   \
  template <> struct tex_elem4<B##4> { typedef B##4 type; };
__MAPCHECK_TEX_GATHER(char, signed char)
__MAPCHECK_TEX_GATHER(uchar, unsigned char)
__MAPCHECK_TEX_GATHER(short, short)
__MAPCHECK_TEX_GATHER(ushort, unsigned short)
__MAPCHECK_TEX_GATHER(int, int)
__MAPCHECK_TEX_GATHER(uint, unsigned int)
#undef __MAPCHECK_TEX_GATHER
template <class T, int mode> struct tex_gather { typedef typename tex_elem4<T>::type type; };
template <class T> struct tex_gather<T, cudaReadModeNormalizedFloat> { typedef float4 type; };
}  // namespace __mapcheck

#define __MAPCHECK_TEXREF template <class T, int D, enum cudaTextureReadMode M> __device__
#define __MAPCHECK_TEXRET typename __mapcheck::tex_ret<T, M>::type

/* ---- texture references ---------------------------------------------- */
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex1Dfetch(texture<T, D, M> t, int x);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex1D(texture<T, D, M> t, float x);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex2D(texture<T, D, M> t, float x, float y);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex3D(texture<T, D, M> t, float x, float y, float z);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex1DLayered(texture<T, D, M> t, float x, int layer);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex2DLayered(texture<T, D, M> t, float x, float y, int layer);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET texCubemap(texture<T, D, M> t, float x, float y, float z);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET texCubemapLayered(texture<T, D, M> t, float x, float y, float z, int layer);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex1DLod(texture<T, D, M> t, float x, float level);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex2DLod(texture<T, D, M> t, float x, float y, float level);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex3DLod(texture<T, D, M> t, float x, float y, float z, float level);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex1DLayeredLod(texture<T, D, M> t, float x, int layer, float level);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex2DLayeredLod(texture<T, D, M> t, float x, float y, int layer, float level);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET texCubemapLod(texture<T, D, M> t, float x, float y, float z, float level);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET texCubemapLayeredLod(texture<T, D, M> t, float x, float y, float z, int layer,
                                                          float level);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex1DGrad(texture<T, D, M> t, float x, float dPdx, float dPdy);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex2DGrad(texture<T, D, M> t, float x, float y, float2 dPdx, float2 dPdy);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex3DGrad(texture<T, D, M> t, float x, float y, float z, float4 dPdx,
                                               float4 dPdy);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex1DLayeredGrad(texture<T, D, M> t, float x, int layer, float dPdx,
                                                      float dPdy);
__MAPCHECK_TEXREF __MAPCHECK_TEXRET tex2DLayeredGrad(texture<T, D, M> t, float x, float y, int layer,
                                                      float2 dPdx, float2 dPdy);
__MAPCHECK_TEXREF typename __mapcheck::tex_gather<T, M>::type tex2Dgather(texture<T, D, M> t, float x, float y,
                                                                          int comp = 0);
#undef __MAPCHECK_TEXREF
#undef __MAPCHECK_TEXRET

/* ---- texture objects: `tex2D<float>(obj, x, y)` or `tex2D(&v, obj, x, y)` ---- */
#define __MAPCHECK_TEXOBJ(name, ...)                                            \
  template <class T> __device__ T name(cudaTextureObject_t obj, __VA_ARGS__);   \
  template <class T> __device__ void name(T *ret, cudaTextureObject_t obj, __VA_ARGS__);
__MAPCHECK_TEXOBJ(tex1Dfetch, int x)
__MAPCHECK_TEXOBJ(tex1D, float x)
__MAPCHECK_TEXOBJ(tex2D, float x, float y)
__MAPCHECK_TEXOBJ(tex3D, float x, float y, float z)
__MAPCHECK_TEXOBJ(tex1DLayered, float x, int layer)
__MAPCHECK_TEXOBJ(tex2DLayered, float x, float y, int layer)
__MAPCHECK_TEXOBJ(texCubemap, float x, float y, float z)
__MAPCHECK_TEXOBJ(texCubemapLayered, float x, float y, float z, int layer)
__MAPCHECK_TEXOBJ(tex2Dgather, float x, float y, int comp = 0)
__MAPCHECK_TEXOBJ(tex1DLod, float x, float level)
__MAPCHECK_TEXOBJ(tex2DLod, float x, float y, float level)
__MAPCHECK_TEXOBJ(tex3DLod, float x, float y, float z, float level)
__MAPCHECK_TEXOBJ(tex1DLayeredLod, float x, int layer, float level)
__MAPCHECK_TEXOBJ(tex2DLayeredLod, float x, float y, int layer, float level)
__MAPCHECK_TEXOBJ(texCubemapLod, float x, float y, float z, float level)
__MAPCHECK_TEXOBJ(tex1DGrad, float x, float dPdx, float dPdy)
__MAPCHECK_TEXOBJ(tex2DGrad, float x, float y, float2 dPdx, float2 dPdy)
__MAPCHECK_TEXOBJ(tex3DGrad, float x, float y, float z, float4 dPdx, float4 dPdy)
#undef __MAPCHECK_TEXOBJ

#endif
