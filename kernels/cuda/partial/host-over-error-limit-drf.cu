//pass
//--blockDim=[128] --gridDim=[4]
// Partial input: the host function below has 25 errors, more than
// clang's default limit of 20 (after which clang stops reporting and the
// parse used to be rejected whole).  The kernel itself compiles and is
// checked.  Race-free: each thread of the grid scales its own element,
// and the 512 threads of the launch index 512 distinct elements.

__global__ void scale(float *v, float s)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = s * v[i];
}

void host_pipeline(float *data)
{
  undeclared_step_0(data, 0);
  undeclared_step_1(data, 1);
  undeclared_step_2(data, 2);
  undeclared_step_3(data, 3);
  undeclared_step_4(data, 4);
  undeclared_step_5(data, 5);
  undeclared_step_6(data, 6);
  undeclared_step_7(data, 7);
  undeclared_step_8(data, 8);
  undeclared_step_9(data, 9);
  undeclared_step_10(data, 10);
  undeclared_step_11(data, 11);
  undeclared_step_12(data, 12);
  undeclared_step_13(data, 13);
  undeclared_step_14(data, 14);
  undeclared_step_15(data, 15);
  undeclared_step_16(data, 16);
  undeclared_step_17(data, 17);
  undeclared_step_18(data, 18);
  undeclared_step_19(data, 19);
  undeclared_step_20(data, 20);
  undeclared_step_21(data, 21);
  undeclared_step_22(data, 22);
  undeclared_step_23(data, 23);
  undeclared_step_24(data, 24);
}
