/* mapcheck: the CUDA SDK samples' helper_string.h (command-line parsing and
 * file lookup for host code).  Declarations. */
#ifndef __MAPCHECK_HELPER_STRING_H
#define __MAPCHECK_HELPER_STRING_H
#include "host_defines.h" /* before any C++ header: clang's CUDA wrappers of them use __host__ */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>

#ifndef STRCASECMP
#define STRCASECMP strcasecmp
#endif
#ifndef STRNCASECMP
#define STRNCASECMP strncasecmp
#endif
#ifndef STRCPY
#define STRCPY(sFilePath, nLength, sPath) strcpy(sFilePath, sPath)
#endif
#ifndef FOPEN
#define FOPEN(fHandle, filename, mode) (fHandle = fopen(filename, mode))
#endif
#ifndef FOPEN_FAIL
#define FOPEN_FAIL(result) (result == NULL)
#endif
#ifndef SSCANF
#define SSCANF sscanf
#endif
#ifndef SPRINTF
#define SPRINTF sprintf
#endif
#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

int stringRemoveDelimiter(char delimiter, const char *string);
int getFileExtension(char *filename, char **extension);
bool checkCmdLineFlag(const int argc, const char **argv, const char *string_ref);
template <class T> bool getCmdLineArgumentValue(const int argc, const char **argv, const char *string_ref, T *value);
int getCmdLineArgumentInt(const int argc, const char **argv, const char *string_ref);
float getCmdLineArgumentFloat(const int argc, const char **argv, const char *string_ref);
bool getCmdLineArgumentString(const int argc, const char **argv, const char *string_ref, char **string_retval);
char *sdkFindFilePath(const char *filename, const char *executable_path);

#endif
