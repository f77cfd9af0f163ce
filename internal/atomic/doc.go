// Package atomic writes files and directories so that readers see either
// the old version or the complete new one, never a partial write: output
// goes to a temporary name in the same directory and is renamed into place.
//
// What holds where:
//
//   - A file (WriteFile) is replaced by rename(2), atomic on every POSIX
//     file system: the path always names the old file or the new one.
//   - A directory (ReplaceDir) is swapped on Linux with renameat2(2)
//     RENAME_EXCHANGE: the path always names the old tree or the new one,
//     never nothing. Elsewhere (other systems, and Linux file systems
//     without RENAME_EXCHANGE, such as some network ones) the old tree is
//     renamed aside and the new one renamed in: two renames, between which
//     the path is missing for an instant; a failure in between moves the
//     old tree back.
//
// Temporaries are named ".NAME.tmp-PID-RANDOM" beside what they replace
// (serve's are "wikirules-serve-PID-RANDOM" in the system's temporary
// directory). The process removes its own on failure and, through
// RemoveTemporaries, when a signal stops it; a temporary that survives a
// harder stop (SIGKILL, a power cut) is removed by the next run that writes
// into the same directory, once the process that made it is gone (or, for
// names without a process id, an hour after it was last modified).
//
// A directory that a command replaces as a whole must be empty, new, or
// one that wikirules wrote (it holds a MarkerDir): CheckReplaceable
// refuses any other, so a mistyped -o never deletes a user's files.
package atomic
