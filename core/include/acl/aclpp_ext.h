/*
 * acl/aclpp_ext.h: what aclpp adds to the CANN lifecycle C ABI (decision A-2).
 *
 * Everything here carries the aclpp prefix so that <acl/acl.h> stays a clean subset of CANN.
 *
 * String ownership rule: a `const char *` returned by a function here is owned by the object it
 * came from (a report) or, for static tables (names, SoC lists), lives for the whole process.
 * Text copied out of the live runtime goes into a caller buffer (`buffer`, `capacity`,
 * `*required`): the function writes at most `capacity` bytes including the terminating NUL and
 * always stores the full size needed, NUL included, in `*required`.
 */
#ifndef ACLPP_ACL_ACLPP_EXT_H
#define ACLPP_ACL_ACLPP_EXT_H

#include <acl/acl.h>
#include <acl/aclpp_export.h>
#include <acl/aclpp_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ---------------------------------------------------------------------------- */

/* major * 10000 + minor * 100 + patch of the compiled core. */
ACLPP_EXPORT uint32_t aclppCoreVersion(void);
ACLPP_EXPORT const char *aclppCoreVersionString(void);

/* ---- Which runtime ------------------------------------------------------------------------
 * libaclpp is built for one of two runtimes (B-1): "emulated", aclpp's own core, which defines
 * the acl* functions of <acl/acl.h>; or "cann", the vendor's libascendcl.so, over which aclpp
 * defines only the functions of this header. Each function below says where its answer differs
 * over the vendor runtime (B-3); docs/backends.md has the whole table. */
ACLPP_EXPORT const char *aclppRuntimeName(void);

/* aclGetRecentErrMsg, with aclpp's own text first: over the vendor runtime an aclpp extension
 * that fails for a reason of its own (the private config file of aclppInitFromBuffer) records
 * it here, and the runtime's text follows. On the emulated runtime the two are one store, so
 * this is aclGetRecentErrMsg. Gets and clears; NULL when there is nothing. */
ACLPP_EXPORT const char *aclppGetRecentErrMsg(void);

/* ---- Error code names ------------------------------------------------------------------- */

/* "ACL_ERROR_REPEAT_INITIALIZE" etc.; "ACL_ERROR_UNKNOWN" for a code this table lacks. */
ACLPP_EXPORT const char *aclppErrorName(aclError code);
/* One sentence describing the code, never NULL. */
ACLPP_EXPORT const char *aclppErrorDescription(aclError code);
/* The message of the C++ layer's acl::Error, caller buffer rule:
 * "<function> failed: <name> (<code>): <description>[; <context>][\n<recent>]". Each text is a
 * pointer and a length (NULL reads as empty); the optional parts are left out when empty. */
ACLPP_EXPORT aclError aclppFormatError(aclError code, const char *function, size_t functionLength, const char *context,
                                       size_t contextLength, const char *recent, size_t recentLength, char *buffer,
                                       size_t capacity, size_t *required);

/* ---- Lifecycle ---------------------------------------------------------------------------- */

/* Initialise from a config held in memory (the same rules as a file holding these bytes: the
 * identity rule, validation, callbacks get these bytes). data == NULL means "no config", like
 * aclInit(NULL). A non-NULL data with length 0 is an empty file (read as {}).
 * Over the vendor runtime, which has no such call, the bytes go to a new file in a private
 * directory ("aclpp-<pid>" under $XDG_RUNTIME_DIR, else /dev/shm, else $TMPDIR, else /tmp; mode 0700,
 * never through a symlink; the file 0600)
 * that aclInit reads and that is removed before the call returns, whatever the outcome;
 * ACL_ERROR_WRITE_FILE when that directory or file cannot be made. */
ACLPP_EXPORT aclError aclppInitFromBuffer(const char *data, size_t length);

typedef struct aclppLifecycleState {
    uint64_t refCount;                /* the reference count aclInit/aclFinalizeReference maintain */
    int initialized;                  /* refCount > 0 */
    int finalized;                    /* the reference's "already finalised" flag (100037 on repeat) */
    int transitionInProgress;         /* a 0->1 init or a teardown is running on some thread */
    int identityRemembered;           /* a config identity is remembered (L-4) */
    int forkedChild;                  /* this process is a fork() child of an initialised parent */
    uint64_t epoch;                   /* successful 0->1 inits so far in this process */
    uint64_t lastInitNanoseconds;     /* duration of the last successful 0->1 init */
    uint64_t lastFinalizeNanoseconds; /* duration of the last successful teardown */
    int refCountIsTotal;              /* 1: refCount is the runtime's count. 0 over the vendor
                                       * runtime, which does not tell it: refCount is then the
                                       * references taken through aclpp's extensions, and
                                       * finalized, identityRemembered, forkedChild and the
                                       * durations are 0 (unknown) */
} aclppLifecycleState;

ACLPP_EXPORT aclError aclppGetLifecycleState(aclppLifecycleState *state);

/* The epoch of the live runtime (aclppLifecycleState.epoch), or 0 when the runtime is not
 * initialised. Lock-free. */
ACLPP_EXPORT uint64_t aclppLifecycleEpoch(void);

/* How aclInit and aclFinalize count, chosen by the product when a 0->1 init starts.
 * FULL: the CANN runtime's lifecycle (a repeat aclInit returns 100002, aclFinalize tears down
 * whatever the count, aclFinalizeReference gives back one reference).
 * COMPACT: the compact runtime of IPV350: every aclInit and aclFinalize returns ACL_SUCCESS, N
 * aclInit need N aclFinalize, extra aclFinalize do nothing, each 0->1 init applies its own
 * config (no identity rule); aclFinalizeReference and the four callback (un)register functions
 * return ACL_ERROR_API_NOT_SUPPORT and change nothing. aclppInitWithEpoch and its buffer twin
 * still return ACL_ERROR_REPEAT_INITIALIZE for a join (so that a holder can tell joining from
 * initialising); aclppFinalizeReferenceOfEpoch returns ACL_ERROR_API_NOT_SUPPORT, with no
 * recent-error text, while that runtime is live (the reference goes back with aclFinalize), and
 * ACL_ERROR_REPEAT_FINALIZE as on FULL once it is gone. */
typedef enum aclppLifecycleKind { ACLPP_LIFECYCLE_FULL = 0, ACLPP_LIFECYCLE_COMPACT = 1 } aclppLifecycleKind;

/* The live runtime's lifecycle kind, or while none is live, the kind of the platform the next
 * first-level init starts (aclppSetPlatform, else ACLPP_SOC). */
ACLPP_EXPORT aclppLifecycleKind aclppGetLifecycleKind(void);

/* ---- References that know their runtime ----------------------------------------------------
 * Another thread's aclFinalize tears the runtime down whatever the count, and a later aclInit
 * starts a new one: a holder that then calls aclFinalizeReference would give back a reference
 * of the new runtime, which it never took. These calls tie each reference to the epoch of the
 * runtime it was taken on, exactly (no window between taking it and reading the epoch), with no
 * lock on the join and leave of a runtime that stays live (one compare-and-swap on the shared
 * count). The C++ handles use them. */

/* aclInit / aclppInitFromBuffer (same codes, same effects) that also set *epoch (may be NULL):
 * on ACL_SUCCESS or ACL_ERROR_REPEAT_INITIALIZE, the epoch of the runtime the reference was
 * taken on, or 0 when another thread's aclFinalize tore that runtime down before the call
 * returned (nothing is left to give back); otherwise 0. */
ACLPP_EXPORT aclError aclppInitWithEpoch(const char *configPath, uint64_t *epoch);
ACLPP_EXPORT aclError aclppInitFromBufferWithEpoch(const char *data, size_t length, uint64_t *epoch);
/* aclFinalizeReference for a reference taken on runtime `epoch`. When that runtime is no longer
 * live (torn down, maybe initialised again since) or epoch is 0: ACL_ERROR_REPEAT_FINALIZE,
 * *refCount = 0, nothing touched. */
ACLPP_EXPORT aclError aclppFinalizeReferenceOfEpoch(uint64_t epoch, uint64_t *refCount);
/* aclrtSetDevice that also sets *epoch (may be NULL) to the epoch of the runtime the count was
 * taken in (0 on failure). */
ACLPP_EXPORT aclError aclppSetDeviceWithEpoch(int32_t deviceId, uint64_t *epoch);
/* aclrtResetDevice in runtime `epoch` only: ACL_ERROR_UNINITIALIZE, nothing touched and no
 * recent-error text when that runtime is no longer live or epoch is 0. */
ACLPP_EXPORT aclError aclppResetDeviceOfEpoch(int32_t deviceId, uint64_t epoch);
/* aclrtSynchronizeDevice for device `deviceId` of runtime `epoch`, whatever this thread's current
 * device is; the current device is left alone. ACL_ERROR_UNINITIALIZE when that runtime is no
 * longer live or epoch is 0, ACL_ERROR_RT_INVALID_DEVICEID for an id outside the device count,
 * ACL_ERROR_RT_CONTEXT_NULL when the device holds no aclrtSetDevice count. */
ACLPP_EXPORT aclError aclppSynchronizeDeviceOfEpoch(int32_t deviceId, uint64_t epoch);

/* The live effective configuration with provenance, as a JSON object (caller buffer rule).
 * Returns ACL_ERROR_UNINITIALIZE when the runtime is not initialised. */
ACLPP_EXPORT aclError aclppGetEffectiveConfig(char *buffer, size_t capacity, size_t *required);

/* The raw config bytes the live runtime was initialised with (caller buffer rule; not NUL
 * terminated when they contain NUL, so use *required - 1 as the length). */
ACLPP_EXPORT aclError aclppGetConfigBytes(char *buffer, size_t capacity, size_t *required);

/* ---- Named holders, the lifecycle trace and the log hook (C-7) -------------------------------
 * A holder is one reference taken through aclpp (acl::ScopedInit, acl::Session): the same
 * aclppInitWithEpoch / aclppFinalizeReferenceOfEpoch, with a name the process can list and the
 * trace can show. The registry counts nothing: the runtime's count stays the one count of
 * references, and a holder is listed only while the runtime it was taken on is live. */

typedef uint64_t aclppHolder; /* 0: none */

typedef struct aclppHolderRequest {
    const char *name; /* may be NULL; cut at 63 bytes */
    size_t nameLength;
    const char *configPath; /* fromBuffer 0: aclInit's path (NULL or "" for no config) */
    const char *configData; /* fromBuffer 1: aclppInitFromBuffer's bytes */
    size_t configLength;
    int fromBuffer;
} aclppHolderRequest;

/* aclppInitWithEpoch (fromBuffer 0) or aclppInitFromBufferWithEpoch (1), same codes, and on
 * ACL_SUCCESS or ACL_ERROR_REPEAT_INITIALIZE with a live epoch a registry entry in *holder (0
 * when none was made: the runtime was gone already, or 2^20 holders are listed). Traced as
 * event init, join or failure (ACLPP_TRACE). ACL_ERROR_INVALID_PARAM for a NULL request,
 * epoch or holder. */
ACLPP_EXPORT aclError aclppHolderInit(const aclppHolderRequest *request, uint64_t *epoch, aclppHolder *holder);
/* aclppFinalizeReferenceOfEpoch(epoch, refCount); on the compact runtime (its 200001 answer)
 * aclFinalize. On ACL_SUCCESS or ACL_ERROR_REPEAT_FINALIZE the entry goes; on another failure
 * the holder keeps its reference and its entry. Traced as leave, finalize or failure. */
ACLPP_EXPORT aclError aclppHolderFinalize(aclppHolder holder, uint64_t epoch, uint64_t *refCount);
/* The entry goes, the reference stays (the caller now owes one aclFinalizeReference). A handle is
 * given back once (aclppHolderFinalize or this); a stale or repeated one frees nothing. */
ACLPP_EXPORT void aclppHolderForget(aclppHolder holder);

typedef struct aclppHolderInfo {
    char name[64];             /* NUL terminated */
    uint64_t thread;           /* the kernel thread id (gettid) that took the reference */
    uint64_t sinceNanoseconds; /* when, in ns since the Unix epoch (CLOCK_REALTIME_COARSE) */
    uint64_t epoch;            /* the runtime it belongs to */
    int owner;                 /* 1: its init started the runtime (0); 0: it joined (100002) */
} aclppHolderInfo;

/* The holders of the live runtime, oldest entry first as far as capacity allows; *count (may
 * be NULL) gets how many there are, *startedOutside (may be NULL) 1 when a runtime is live that
 * no aclpp holder started (a plain aclInit, or another library). ACL_ERROR_INVALID_PARAM for a
 * NULL out with a capacity. */
ACLPP_EXPORT aclError aclppGetHolders(aclppHolderInfo *out, size_t capacity, size_t *count, int *startedOutside);

/* Receives aclpp's own warnings (one line, no newline) instead of stderr: join differences,
 * destructor failures, a trace file that cannot be opened. NULL restores stderr. May be called
 * from any thread, also while another thread installs a new handler. */
typedef void (*aclppLogHandler)(const char *message, void *userData);
ACLPP_EXPORT void aclppSetLogHandler(aclppLogHandler handler, void *userData);
/* Sends one warning to the handler, or to stderr with "\n". */
ACLPP_EXPORT void aclppLog(const char *message);

/* ---- Callback tokens (C-5) ------------------------------------------------------------------
 * An init or finalize callback known by a handle instead of by its function, so that any number
 * of registrations share one function (aclInitCallbackUnRegister removes the first entry with a
 * function, whatever its userData). Registering has the codes and the behaviour of
 * aclInitCallbackRegister / aclFinalizeCallbackRegister (L-7: 100000 for a NULL function, an
 * unknown type or a NULL `handle`, 500000 for a second registration of a type other than
 * ACL_REG_TYPE_OTHER, an init callback registered while initialised is called at once); on
 * failure `*handle` is 0 and `release` is not called. aclppRemoveCallback unregisters exactly
 * that registration, then calls `release(userData)` (when not NULL) once no call of the callback
 * is running: before it returns, or, when called from inside a call of that very callback, when
 * the last such call returns. It returns the unregister code (500000 when the registration was
 * already gone, for example after aclppTestingReset) and releases in every case; 100000 for a
 * handle that is not live. Over the vendor runtime, ACL_REG_TYPE_OTHER tokens run from one entry
 * aclpp registers per kind, in their own registration order, where that entry sits among the
 * other OTHER callbacks. */
typedef uint64_t aclppCallbackHandle;
typedef void (*aclppReleaseFunc)(void *userData);
ACLPP_EXPORT aclError aclppAddInitCallback(aclppCallbackType type, aclppInitCallbackFunc cbFunc, void *userData,
                                           aclppReleaseFunc release, aclppCallbackHandle *handle);
ACLPP_EXPORT aclError aclppAddFinalizeCallback(aclppCallbackType type, aclppFinalizeCallbackFunc cbFunc, void *userData,
                                               aclppReleaseFunc release, aclppCallbackHandle *handle);
ACLPP_EXPORT aclError aclppRemoveCallback(aclppCallbackHandle handle);

/* ---- Emulated platform ------------------------------------------------------------------ */

typedef struct aclppSocInfo {
    const char *soc;       /* "Ascend910B1" */
    const char *family;    /* "Atlas A2" */
    const char *shortName; /* "910b": the docs' npu= tag */
    uint32_t aiCoreCount;
    uint32_t vectorCoreCount;
} aclppSocInfo;

/* Enumerates the product table: index 0 .. count-1. */
ACLPP_EXPORT size_t aclppSocCount(void);
ACLPP_EXPORT aclError aclppGetSocInfo(size_t index, aclppSocInfo *info);

/* Selects the emulated SoC and device count for the next first-level init. soc == NULL keeps
 * the current choice; deviceCount 0 keeps the current count. Only while not initialised
 * (else ACL_ERROR_REPEAT_INITIALIZE); an unknown SoC gives ACL_ERROR_INVALID_PARAM. Overrides
 * ACLPP_SOC and ACLPP_DEVICE_COUNT. ACL_ERROR_API_NOT_SUPPORT over the vendor runtime. */
ACLPP_EXPORT aclError aclppSetPlatform(const char *soc, uint32_t deviceCount);

/* ---- Validation (touches no state) --------------------------------------------------------- */

typedef enum aclppSeverity {
    ACLPP_SEVERITY_ERROR = 0,
    ACLPP_SEVERITY_WARNING = 1,
    ACLPP_SEVERITY_NOTE = 2
} aclppSeverity;

typedef struct aclppFinding {
    aclppSeverity severity;
    aclError code;       /* the code aclInit returns for an error; 0 for warnings and notes */
    const char *pointer; /* JSON pointer, "" for the whole file, as messages show it: control
                            characters, bidirectional controls and bytes that are not UTF-8
                            escaped (\u0000, \u202e, \xff), cut with "..." past 160 bytes; the
                            report JSON has it exact */
    uint32_t line;       /* 1-based; 0 when the finding has no position */
    uint32_t column;     /* 1-based, in bytes */
    const char *step;    /* the init step the finding belongs to ("dump", "stack_size", ...) */
    const char *message; /* what is wrong: the value found and what is allowed */
    const char *hint;    /* a suggestion (did you mean ...), "" when there is none */
} aclppFinding;

typedef struct aclppReport aclppReport;

/* Validates a config for `soc` (NULL: the platform the next init would use) exactly as aclInit
 * would, without touching any runtime state, and returns every finding. The return value is
 * the code aclInit would return for this config on a fresh process (ACL_SUCCESS when clean or
 * warnings only). *report receives a report even when the config is rejected; free it with
 * aclppReportFree. Returns ACL_ERROR_INVALID_PARAM for a NULL report or an unknown soc (then
 * *report is NULL). */
ACLPP_EXPORT aclError aclppValidateFile(const char *path, const char *soc, aclppReport **report);
ACLPP_EXPORT aclError aclppValidateBuffer(const char *data, size_t length, const char *soc, aclppReport **report);

/* The most devices aclpp knows a host to have: the limit of ACLPP_DEVICE_COUNT and
 * aclppSetPlatform, and what a validation that is not told the device count accepts. */
#define ACLPP_MAX_DEVICE_COUNT 64u

/* aclppValidateFile and aclppValidateBuffer with the device count that default_device is checked
 * against: 1 to ACLPP_MAX_DEVICE_COUNT, or 0 for the count that ACLPP_DEVICE_COUNT,
 * aclppSetPlatform or the live runtime chose, and when none chose one, any id below
 * ACLPP_MAX_DEVICE_COUNT (the report's device_count is then null). For tools that check a config
 * meant for another machine (acl-config); ACL_ERROR_INVALID_PARAM for a count above the maximum. */
ACLPP_EXPORT aclError aclppValidateFileForDevices(const char *path, const char *soc, uint32_t deviceCount,
                                                  aclppReport **report);
ACLPP_EXPORT aclError aclppValidateBufferForDevices(const char *data, size_t length, const char *soc,
                                                    uint32_t deviceCount, aclppReport **report);

/* The ForDevices twins with the CANN release whose rules apply where releases differ (B-9):
 * "9.0.0", "9.0.1", "9.1.0", "9.2.0" or "master" (master's rules are 9.2.0's). Another version
 * MAJOR.MINOR[.PATCH] takes the rules of the newest of these at or below it, and one older than
 * 9.0.0 those of 9.0.0. NULL: ACLPP_CANN_VERSION, else over the vendor runtime the release the
 * loaded runtime states (aclppGetRuntimeCannVersion), else master's rules (what the other
 * validation functions apply). ACL_ERROR_INVALID_PARAM, *report NULL, for text that is not a version. The report's
 * "cann_version" names the release whose rules were applied. */
/* The deviceCount of the ForCann twins that checks default_device against the count the next init
 * would use, as aclppValidateFile and aclppValidateBuffer do (what the C++ layer's acl::validate
 * passes). */
#define ACLPP_PLATFORM_DEVICE_COUNT 0xFFFFFFFFu
ACLPP_EXPORT aclError aclppValidateFileForCann(const char *path, const char *soc, uint32_t deviceCount,
                                               const char *cannVersion, aclppReport **report);
ACLPP_EXPORT aclError aclppValidateBufferForCann(const char *data, size_t length, const char *soc, uint32_t deviceCount,
                                                 const char *cannVersion, aclppReport **report);

ACLPP_EXPORT aclError aclppReportResult(const aclppReport *report);
ACLPP_EXPORT size_t aclppReportFindingCount(const aclppReport *report);
ACLPP_EXPORT aclError aclppReportGetFinding(const aclppReport *report, size_t index, aclppFinding *finding);
/* The whole report as JSON: {"result":..,"findings":[..],"effective":{..}}. Owned by the report. */
ACLPP_EXPORT const char *aclppReportJson(const aclppReport *report);
/* The effective configuration this config would give (JSON object; "null" when rejected). */
ACLPP_EXPORT const char *aclppReportEffectiveJson(const aclppReport *report);
ACLPP_EXPORT void aclppReportFree(aclppReport *report);

/* The JSON Schema (draft 2020-12) of acl.json, generated from the validator's own rules, for
 * editors and CI (caller buffer rule). soc == NULL: the rules every product shares, with each
 * key's product support in its description; a SoC: that product's rules. It never rejects a
 * config the validator accepts. Touches no state. ACL_ERROR_INVALID_PARAM for an unknown soc
 * or a NULL required. */
ACLPP_EXPORT aclError aclppGetConfigSchema(const char *soc, char *buffer, size_t capacity, size_t *required);

/* ---- Config comparison (touches no state) ---------------------------------------------------- */

/* One key where a requested config and a live config differ. */
typedef enum aclppConfigDifferenceKind {
    ACLPP_CONFIG_CONFLICT = 0, /* requested, and the live config has another value or lacks it */
    ACLPP_CONFIG_EXTRA = 1     /* only in the live config (a superset never fails a join) */
} aclppConfigDifferenceKind;

typedef struct aclppConfigDifference {
    aclppConfigDifferenceKind kind;
    const char *pointer;   /* JSON pointer of the key ("/dump/dump_path"), shown as
                              aclppFinding.pointer is: control characters and NUL escaped, cut
                              past 160 bytes (values are JSON, escaped) */
    const char *requested; /* the requested value as compact JSON, "" when the request lacks it */
    const char *live;      /* the live value as compact JSON, "" when the live config lacks it */
} aclppConfigDifference;

typedef struct aclppConfigDiff aclppConfigDiff;

/* Compares the acl.json text a caller asked for with the text a runtime was initialised with,
 * key by key (what a joining acl::Session reports): objects member by member (the last of
 * duplicate keys counts), arrays of equal length element by element, numbers by value when both
 * are integers. A key absent on one side and at the runtime's default on the other, or an empty
 * object or array against nothing, is no difference. `live` NULL compares with the bytes of the
 * live runtime (ACL_ERROR_UNINITIALIZE when it is not initialised); empty live text, or one whose
 * top level is not an object, reads as {} (F-5). Returns ACL_ERROR_PARSE_FILE when either text is
 * not JSON as aclInit reads it (RFC 8259, at most 10 nested objects and 10 nested arrays, no
 * number beyond a double: F-3, F-4), or the requested text is empty; then *diff is NULL. Free
 * *diff with aclppConfigDiffFree. */
ACLPP_EXPORT aclError aclppCompareConfigs(const char *requested, size_t requestedLength, const char *live,
                                          size_t liveLength, aclppConfigDiff **diff);
/* aclppCompareConfigs of the file at `path` with the live runtime's bytes. The file is read once
 * with the checks of aclInit (F-2): ACL_ERROR_INVALID_FILE, nothing read, for a missing file, a
 * FIFO, a device or a file over 10 MiB; ACL_ERROR_INVALID_PARAM for a NULL or empty path. */
ACLPP_EXPORT aclError aclppCompareConfigFile(const char *path, aclppConfigDiff **diff);
/* Differences in document order of the requested text, then the live-only keys. */
ACLPP_EXPORT size_t aclppConfigDiffCount(const aclppConfigDiff *diff);
/* Strings are owned by the diff. */
ACLPP_EXPORT aclError aclppConfigDiffGet(const aclppConfigDiff *diff, size_t index, aclppConfigDifference *difference);
ACLPP_EXPORT void aclppConfigDiffFree(aclppConfigDiff *diff);

/* ---- Reading JSON (touches no state) ------------------------------------------------------ */

/* What aclppJsonWalk reports, in document order. */
typedef enum aclppJsonEvent {
    ACLPP_JSON_EVENT_BEGIN_OBJECT = 0,
    ACLPP_JSON_EVENT_END_OBJECT = 1,
    ACLPP_JSON_EVENT_BEGIN_ARRAY = 2,
    ACLPP_JSON_EVENT_END_ARRAY = 3,
    ACLPP_JSON_EVENT_KEY = 4,    /* text: a member name, unescaped (UTF-8; may hold U+0000) */
    ACLPP_JSON_EVENT_STRING = 5, /* text: a string value, unescaped (UTF-8; may hold U+0000) */
    ACLPP_JSON_EVENT_NUMBER = 6, /* text: the number exactly as written ("2.50", "1e3") */
    ACLPP_JSON_EVENT_TRUE = 7,
    ACLPP_JSON_EVENT_FALSE = 8,
    ACLPP_JSON_EVENT_NULL = 9
} aclppJsonEvent;

/* Receives one event; `text` (not NUL terminated) is valid during the call only, and is NULL
 * with length 0 for the events that have none. Returning anything but ACL_SUCCESS stops the
 * walk, which then returns that code. */
typedef aclError (*aclppJsonEventCallback)(void *context, aclppJsonEvent event, const char *text, size_t length);

/* Where and why a text is not JSON. The texts are NUL terminated, cut between two characters
 * when longer than the buffer. */
typedef struct aclppJsonSyntaxError {
    uint32_t line;     /* 1-based; 0 when the problem has no position */
    uint32_t column;   /* 1-based, in bytes */
    char message[256]; /* what was expected and what was found */
    char hint[256];    /* how to fix it; "" when there is none */
} aclppJsonSyntaxError;

/* Reads one JSON text with the reader of aclInit (RFC 8259, UTF-8, a leading BOM skipped, at
 * most 10 nested objects and 10 nested arrays, no NUL byte, no number beyond a double: F-3, F-4)
 * and reports it to `callback`: every member in order, repeated keys included. Unlike an acl.json
 * file, an empty text is not {}: it is refused. Returns ACL_ERROR_PARSE_FILE when the text is not
 * such JSON (then no event is reported and *error, which may be NULL, says where and why),
 * ACL_ERROR_INVALID_PARAM for a NULL callback or NULL text with a length, ACL_ERROR_BAD_ALLOC
 * when out of memory, or the first code the callback returned that was not ACL_SUCCESS. */
ACLPP_EXPORT aclError aclppJsonWalk(const char *text, size_t length, aclppJsonEventCallback callback, void *context,
                                    aclppJsonSyntaxError *error);

/* ---- Testing hooks ------------------------------------------------------------------------- */

/* The steps of a first-level init and of a teardown, in the reference order. */
typedef enum aclppStep {
    ACLPP_STEP_READ_FILE = 1,
    ACLPP_STEP_ERR_MSG_MODE = 2,
    ACLPP_STEP_MODEL_CALLBACKS = 3,
    ACLPP_STEP_DUMP = 4,
    ACLPP_STEP_OP_EXECUTOR = 5,
    ACLPP_STEP_STACK_SIZE = 6,
    ACLPP_STEP_DEFAULT_DEVICE = 7,
    ACLPP_STEP_PRINTF_FIFO = 8,
    ACLPP_STEP_EVENT_MODE = 9,
    ACLPP_STEP_PROFILING = 10,
    ACLPP_STEP_SOC = 11,
    ACLPP_STEP_DVPP_CALLBACKS = 12,
    ACLPP_STEP_FILL_HOOK = 13,
    ACLPP_STEP_OTHER_CALLBACKS = 14,

    ACLPP_STEP_FINALIZE_DLOG = 101,
    ACLPP_STEP_FINALIZE_PROFILING = 102,
    ACLPP_STEP_FINALIZE_OP_COMPILER_CALLBACKS = 103,
    ACLPP_STEP_FINALIZE_MODEL_CALLBACKS = 104,
    ACLPP_STEP_FINALIZE_DUMP = 105,
    ACLPP_STEP_FINALIZE_DVPP_CALLBACKS = 106,
    ACLPP_STEP_FINALIZE_FILL_HOOK = 107,
    ACLPP_STEP_FINALIZE_DEFAULT_DEVICE = 108,
    ACLPP_STEP_FINALIZE_OTHER_CALLBACKS = 109
} aclppStep;

/* "dump", "finalize_model_callbacks", ...; NULL for an unknown value. */
ACLPP_EXPORT const char *aclppStepName(aclppStep step);

/* Makes the device-layer call (or, for a callback step, the step itself) of `step` answer
 * `code` instead of succeeding: after `skip` executions of the step pass, the next `times`
 * executions fail. The step then handles the code as the reference does (for example 207000
 * is tolerated at ACLPP_STEP_FILL_HOOK and any code is swallowed at ACLPP_STEP_STACK_SIZE). */
ACLPP_EXPORT aclError aclppTestingInjectFault(aclppStep step, aclError code, uint32_t skip, uint32_t times);
ACLPP_EXPORT void aclppTestingClearFaults(void);

/* Flags for aclppTestingReset. */
#define ACLPP_RESET_IDENTITY 1u  /* forget the remembered config identity (L-4) */
#define ACLPP_RESET_CALLBACKS 2u /* unregister every init and finalize callback */
#define ACLPP_RESET_ALL 0xFFFFFFFFu

/* Returns the process to the state of a fresh process: not finalised, no identity, no faults,
 * platform re-read from the environment, and what `flags` selects. Only at count 0 with no
 * transition running (else ACL_ERROR_REPEAT_INITIALIZE). This and aclppTestingInjectFault
 * return ACL_ERROR_API_NOT_SUPPORT over the vendor runtime. */
ACLPP_EXPORT aclError aclppTestingReset(uint32_t flags);

/* What the two counts below return when the runtime does not tell (over the vendor runtime). */
#define ACLPP_COUNT_UNKNOWN_SIZE ((size_t)-1)
#define ACLPP_COUNT_UNKNOWN_U64 ((uint64_t)-1)

/* Counts of registered callbacks (init + finalize, all types), for leak checks in tests.
 * ACLPP_COUNT_UNKNOWN_SIZE over the vendor runtime. */
ACLPP_EXPORT size_t aclppRegisteredCallbackCount(void);
/* Sum over devices of the aclrtSetDevice counts still held, for leak checks in tests.
 * ACLPP_COUNT_UNKNOWN_U64 over the vendor runtime. */
ACLPP_EXPORT uint64_t aclppDevicesInUse(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLPP_ACL_ACLPP_EXT_H */
