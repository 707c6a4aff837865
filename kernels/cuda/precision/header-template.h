// Shared by header-template-{drf,racy}.cu: a template device function
// defined in a project header.  Analysed generically, `T(4.0)` is a
// construct of a dependent type (libclang: a call without a callee), which
// read and wrote every array at unknown indices; the instance (T = float)
// is an ordinary conversion.
template<class T>
__device__ int above(const T x, const T y)
{
    if (x * x + y * y > T(4.0))
        return 1;
    return 0;
}
