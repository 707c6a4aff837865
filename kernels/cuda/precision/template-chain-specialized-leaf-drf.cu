//pass
//--blockDim=256 --gridDim=8
// Race-free: the kernel's instance k<float> calls a chain of template
// device functions four deep (outer -> middle -> inner -> softening<T>),
// where softening is explicitly specialized for double only; for float
// the primary template runs.  Every function is pure: thread t of block b
// writes a[b * 256 + t] once, from its own a[b * 256 + t].  (Each level of
// the chain is an instance the front end must copy before the leaf call
// is resolved; left generic, the call of an explicitly specialized
// template has no known body.)
template <class T> __device__ T softening() { return (T)0.5; }
template <> __device__ double softening<double>() { return 0.25; }

template <class T> __device__ T inner(T x) { return x * x + softening<T>(); }
template <class T> __device__ T middle(T x) { return inner<T>(x) + (T)1; }
template <class T> __device__ T outer(T x) { return middle<T>(x) * (T)2; }

template <class T> __global__ void k(T *a)
{
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  a[i] = outer<T>(a[i]);
}

template __global__ void k<float>(float *a);
