/* ravel-test
 * run: ok
 * stdout: Tue Nov 14 22:13:20 2023
 * check: safe executions=1
 */
/* Broken-down time and its text in the modelled zone (UTC): gmtime_r, localtime_r,
 * timegm, mktime, strftime with every conversion ravel models, asctime, ctime. The
 * expected strings come from a native run of the same calls (TZ=UTC). */
#define _GNU_SOURCE
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static const struct {
    long t;
    const char *text;
} cases[] = {
        {0L, "Thu Thursday Jan January 19 01 01/01/70  1 1970-01-01 70 1970 00 12 001  0 12 01 00 AM am 12:00:00 AM 00:00 00 00:00:00 4 00 01 4 00 01/01/70 00:00:00 70 1970 +0000 GMT % Thu Jan  1 00:00:00 1970 0 Jan"},
        {1700000000L, "Tue Tuesday Nov November 20 14 11/14/23 14 2023-11-14 23 2023 22 10 318 22 10 11 13 PM pm 10:13:20 PM 22:13 20 22:13:20 2 46 46 2 46 11/14/23 22:13:20 23 2023 +0000 GMT % Tue Nov 14 22:13:20 2023 1700000000 Nov"},
        {951782400L, "Tue Tuesday Feb February 20 29 02/29/00 29 2000-02-29 00 2000 00 12 060  0 12 02 00 AM am 12:00:00 AM 00:00 00 00:00:00 2 09 09 2 09 02/29/00 00:00:00 00 2000 +0000 GMT % Tue Feb 29 00:00:00 2000 951782400 Feb"},
        {-31536000L, "Wed Wednesday Jan January 19 01 01/01/69  1 1969-01-01 69 1969 00 12 001  0 12 01 00 AM am 12:00:00 AM 00:00 00 00:00:00 3 00 01 3 00 01/01/69 00:00:00 69 1969 +0000 GMT % Wed Jan  1 00:00:00 1969 -31536000 Jan"},
        {2147483647L, "Tue Tuesday Jan January 20 19 01/19/38 19 2038-01-19 38 2038 03 03 019  3  3 01 14 AM am 03:14:07 AM 03:14 07 03:14:07 2 03 03 2 03 01/19/38 03:14:07 38 2038 +0000 GMT % Tue Jan 19 03:14:07 2038 2147483647 Jan"},
        {1704067199L, "Sun Sunday Dec December 20 31 12/31/23 31 2023-12-31 23 2023 23 11 365 23 11 12 59 PM pm 11:59:59 PM 23:59 59 23:59:59 7 53 52 0 52 12/31/23 23:59:59 23 2023 +0000 GMT % Sun Dec 31 23:59:59 2023 1704067199 Dec"},
        {1735603200L, "Tue Tuesday Dec December 20 31 12/31/24 31 2024-12-31 25 2025 00 12 366  0 12 12 00 AM am 12:00:00 AM 00:00 00 00:00:00 2 52 01 2 53 12/31/24 00:00:00 24 2024 +0000 GMT % Tue Dec 31 00:00:00 2024 1735603200 Dec"},
};

int main(void) {
    char buf[256];
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        time_t t = cases[i].t;
        struct tm tm, local;
        assert(gmtime_r(&t, &tm) == &tm);
        assert(strftime(buf, sizeof buf,
                        "%a %A %b %B %C %d %D %e %F %g %G %H %I %j %k %l %m %M %p %P %r %R %S %T %u %U %V %w "
                        "%W %x %X %y %Y %z %Z %% %c %s %h",
                        &tm) == strlen(cases[i].text));
        assert(strcmp(buf, cases[i].text) == 0);
        assert(localtime_r(&t, &local) && local.tm_hour == tm.tm_hour && local.tm_gmtoff == 0);
        assert(mktime(&local) == t && timegm(&tm) == t);
    }
    /* timegm normalises fields out of range. */
    struct tm tm = {.tm_year = 123, .tm_mon = 13, .tm_mday = 35, .tm_hour = 25, .tm_min = -5};
    assert(timegm(&tm) == 1709772900);
    assert(tm.tm_year == 124 && tm.tm_mon == 2 && tm.tm_mday == 7 && tm.tm_hour == 0 && tm.tm_min == 55);
    assert(tm.tm_wday == 4 && tm.tm_yday == 66);
    time_t t0 = 1700000000;
    assert(strcmp(asctime(gmtime(&t0)), "Tue Nov 14 22:13:20 2023\n") == 0);
    assert(strftime(buf, 5, "%Y-%m", gmtime(&t0)) == 0); /* too small */
    /* The modelled clock starts at 2023-11-14 22:13:20 UTC. */
    time_t now = time(NULL);
    assert(now >= t0 && now < t0 + 60);
    char when[32];
    strftime(when, sizeof when, "%F", localtime(&now));
    assert(strcmp(when, "2023-11-14") == 0);
    fputs(ctime(&t0), stdout);
    return 0;
}
