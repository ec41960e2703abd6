/*
 * check_refuse.h - the refusal codes' and the errno table's unit tests
 * (check_refuse.c), a test case of check_wire's suite.
 */
#ifndef NP_CHECK_REFUSE_H
#define NP_CHECK_REFUSE_H

#include <check.h>

TCase *refuse_tcase(void);

#endif
