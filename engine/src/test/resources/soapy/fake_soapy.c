/*
 * A stand-in for libSoapySDR 0.8 with the functions SigFlow's FFM binding calls, same signatures as
 * SoapySDR/Device.h. Debian ships no null or loopback SoapySDR driver, so tests build this with gcc and point
 * -Dsigflow.soapy.library at it. Every call is logged (fakeSoapy_log) so a test can check what SigFlow asked for.
 * RX yields sample k = (k / 1000, -k / 1000), at most 1000 per read, with one overflow on the third read; TX
 * takes at most 700 samples per write and sums what it got.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct { size_t size; char **keys; char **vals; } SoapySDRKwargs;
typedef struct { int dummy; } SoapySDRDevice;
typedef struct { int direction; } SoapySDRStream;

static char log_buf[1 << 16];
static char last_error[256];
static SoapySDRDevice the_device;
static SoapySDRStream the_stream;
static long long rx_count;
static int reads;
static double tx_sum;
static long long tx_count;

static void logf_(const char *fmt, ...) {
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    strncat(log_buf, line, sizeof log_buf - strlen(log_buf) - 1);
}

const char *fakeSoapy_log(void) { return log_buf; }

static void kwargs(SoapySDRKwargs *k, const char *label, const char *serial) {
    k->size = 3;
    k->keys = malloc(3 * sizeof(char *));
    k->vals = malloc(3 * sizeof(char *));
    k->keys[0] = strdup("driver"); k->vals[0] = strdup("fake");
    k->keys[1] = strdup("label"); k->vals[1] = strdup(label);
    k->keys[2] = strdup("serial"); k->vals[2] = strdup(serial);
}

SoapySDRKwargs *SoapySDRDevice_enumerateStrArgs(const char *args, size_t *length) {
    if (args[0] != 0 && strstr(args, "driver=fake") == NULL) {
        *length = 0;
        return NULL;
    }
    SoapySDRKwargs *list = calloc(2, sizeof(SoapySDRKwargs));
    kwargs(&list[0], "Fake RX :: 0001", "0001");
    kwargs(&list[1], "Fake TX :: 0002", "0002");
    *length = 2;
    return list;
}

void SoapySDRKwargsList_clear(SoapySDRKwargs *args, const size_t length) {
    for (size_t i = 0; i < length; i++) {
        for (size_t k = 0; k < args[i].size; k++) { free(args[i].keys[k]); free(args[i].vals[k]); }
        free(args[i].keys); free(args[i].vals);
    }
    free(args);
    logf_("clear %g\n", (double) length);
}

SoapySDRDevice *SoapySDRDevice_makeStrArgs(const char *args) {
    if (strstr(args, "driver=fake") == NULL) {
        snprintf(last_error, sizeof last_error, "SoapySDR::Device::make() no match");
        return NULL;
    }
    rx_count = 0; reads = 0; tx_sum = 0; tx_count = 0; log_buf[0] = 0;
    logf_("make\n");
    return &the_device;
}

int SoapySDRDevice_unmake(SoapySDRDevice *d) { logf_("unmake\n"); return 0; }
const char *SoapySDRDevice_lastError(void) { return last_error; }
const char *SoapySDR_errToStr(const int code) { return code == -5 ? "NOT_SUPPORTED" : "UNKNOWN"; }

int SoapySDRDevice_setSampleRate(SoapySDRDevice *d, const int dir, const size_t ch, const double rate) {
    logf_("rate %.0f ch %.0f\n", rate, (double) ch); return 0;
}
int SoapySDRDevice_setFrequency(SoapySDRDevice *d, const int dir, const size_t ch, const double f, const SoapySDRKwargs *a) {
    if (f < 0) return -5;
    logf_("freq %.0f dir %d\n", f, dir); return 0;
}
int SoapySDRDevice_setGain(SoapySDRDevice *d, const int dir, const size_t ch, const double g) {
    logf_("gain %.1f\n", g); return 0;
}
int SoapySDRDevice_setGainMode(SoapySDRDevice *d, const int dir, const size_t ch, const bool automatic) {
    logf_("agc %.0f\n", automatic ? 1.0 : 0.0); return 0;
}
int SoapySDRDevice_setAntenna(SoapySDRDevice *d, const int dir, const size_t ch, const char *name) {
    strncat(log_buf, "antenna ", sizeof log_buf - strlen(log_buf) - 1);
    strncat(log_buf, name, sizeof log_buf - strlen(log_buf) - 1);
    strncat(log_buf, "\n", sizeof log_buf - strlen(log_buf) - 1);
    return 0;
}
SoapySDRStream *SoapySDRDevice_setupStream(SoapySDRDevice *d, const int dir, const char *format,
        const size_t *channels, const size_t numChans, const SoapySDRKwargs *args) {
    if (strcmp(format, "CF32") != 0 || numChans != 1) return NULL;
    the_stream.direction = dir;
    logf_("stream dir %d ch %.0f\n", dir, (double) channels[0]);
    return &the_stream;
}
int SoapySDRDevice_closeStream(SoapySDRDevice *d, SoapySDRStream *s) { logf_("close\n"); return 0; }
int SoapySDRDevice_activateStream(SoapySDRDevice *d, SoapySDRStream *s, const int flags, const long long t, const size_t n) {
    logf_("activate\n"); return 0;
}
int SoapySDRDevice_deactivateStream(SoapySDRDevice *d, SoapySDRStream *s, const int flags, const long long t) {
    if (s->direction == 0) logf_("tx %.0f samples, sum %.3f\n", (double) tx_count, tx_sum);
    logf_("deactivate\n"); return 0;
}
int SoapySDRDevice_readStream(SoapySDRDevice *d, SoapySDRStream *s, void * const *buffs, const size_t n,
        int *flags, long long *timeNs, const long timeoutUs) {
    if (++reads == 3) return -4; /* SOAPY_SDR_OVERFLOW */
    size_t m = n < 1000 ? n : 1000;
    float *out = buffs[0];
    for (size_t i = 0; i < m; i++, rx_count++) {
        out[2 * i] = rx_count / 1000.0f;
        out[2 * i + 1] = -rx_count / 1000.0f;
    }
    *flags = 0;
    return (int) m;
}
int SoapySDRDevice_writeStream(SoapySDRDevice *d, SoapySDRStream *s, const void * const *buffs, const size_t n,
        int *flags, const long long timeNs, const long timeoutUs) {
    size_t m = n < 700 ? n : 700;
    const float *in = buffs[0];
    for (size_t i = 0; i < 2 * m; i++) tx_sum += in[i];
    tx_count += m;
    if (*flags & 2) logf_("end burst after %.0f\n", (double) tx_count);
    return (int) m;
}
