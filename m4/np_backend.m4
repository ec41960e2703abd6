# NP_BACKEND(FACILITY, WHAT, BACKENDS)
#
# What one system has and another lacks is a backend file of its own,
# chosen here (DEVELOPERS.md, "Other systems"): the block before this
# macro sets np_be_FACILITY to one of BACKENDS (a space-separated list,
# "none" among them), and this defines an automake conditional
# NP_FACILITY_BACKEND for each, true for the one chosen, and adds a line
# to the summary configure prints at its end.  Makefile.am adds the
# chosen backend's file under its conditional.
AC_DEFUN([NP_BACKEND], [
AC_MSG_CHECKING([the backend for $2])
AS_CASE([" $3 "], [*" $np_be_$1 "*], [],
  [AC_MSG_ERROR([np_be_$1 is "$np_be_$1", not one of: $3])])
AC_MSG_RESULT([$np_be_$1])
m4_foreach_w([np_b], [$3],
  [AM_CONDITIONAL(m4_toupper([NP_$1_]np_b), [test "x$np_be_$1" = "x]np_b["])])
np_backend_summary="$np_backend_summary
  m4_format([%-32s], [$2]) $np_be_$1"
])
