/* mapcheck: the CUDA SDK samples' helper_timer.h (host timers).
 * Declarations. */
#ifndef __MAPCHECK_HELPER_TIMER_H
#define __MAPCHECK_HELPER_TIMER_H
#include "host_defines.h" /* before any C++ header: clang's CUDA wrappers of them use __host__ */

class StopWatchInterface {
 public:
  StopWatchInterface() {}
  virtual ~StopWatchInterface() {}
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual void reset() = 0;
  virtual float getTime() = 0;
  virtual float getAverageTime() = 0;
};

bool sdkCreateTimer(StopWatchInterface **timer_interface);
bool sdkDeleteTimer(StopWatchInterface **timer_interface);
bool sdkStartTimer(StopWatchInterface **timer_interface);
bool sdkStopTimer(StopWatchInterface **timer_interface);
bool sdkResetTimer(StopWatchInterface **timer_interface);
float sdkGetAverageTimerValue(StopWatchInterface **timer_interface);
float sdkGetTimerValue(StopWatchInterface **timer_interface);

#endif
