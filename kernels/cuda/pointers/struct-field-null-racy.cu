// expect: racy
// A pointer field of a struct parameter may be null too: with
// `p.weights == nullptr` every thread stores its index to out[0], a race.
struct Params {
  float *out;
  const float *weights;
};

__global__ void weighted(Params p)
{
  if (p.weights)
    p.out[threadIdx.x] = p.weights[threadIdx.x];
  else
    p.out[0] = threadIdx.x;
}
