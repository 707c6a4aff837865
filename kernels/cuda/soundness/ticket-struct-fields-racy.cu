//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: head and tail are two counters, each starting at 0.  The first
// thread to add to head, say thread 0, gets i = 0; the first to add to
// tail, say thread 1 (which got i = 1 from head), gets j = 0.  Thread 0
// writes out[0] through i and thread 1 writes out[0] through j (values 0
// and 1), unordered.  The protocol makes both fields of *q one cell, so
// the adds are not tickets of one counter.
struct Queue { int head; int tail; };

__global__ void k(Queue *q, int *out)
{
  int i = atomicAdd(&q->head, 1);
  int j = atomicAdd(&q->tail, 1);
  out[i] = threadIdx.x;
  out[j] = threadIdx.x;
}
