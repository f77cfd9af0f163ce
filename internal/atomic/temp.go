package atomic

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/wikirules/wikirules/model"
)

// tmpTag marks the temporaries beside an output: ".NAME.tmp-PID-RANDOM".
const tmpTag = ".tmp-"

// Stale temporaries: a name with a process id is removed once that process
// is gone (or after staleAge where that cannot be told, or the id may have
// been reused); one without (made by an older wikirules) after legacyAge.
const (
	staleAge  = 24 * time.Hour
	legacyAge = time.Hour
)

// tempName is the name of a temporary for base: long bases are shortened
// so the name stays within the file system's limit.
func tempName(base string) string {
	return "." + model.ShortName(base, model.MaxNameBytes, "~", base) + tmpTag + pidRandom()
}

func pidRandom() string {
	var b [4]byte
	rand.Read(b[:])
	return strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b[:])
}

// live are the temporaries of this process not yet renamed into place or
// removed. It is process-wide state on purpose: a signal stops the whole
// process, and RemoveTemporaries must find every temporary, whichever
// command made it.
var live = struct {
	sync.Mutex
	paths map[string]bool
}{paths: map[string]bool{}}

func track(p string) {
	live.Lock()
	live.paths[p] = true
	live.Unlock()
}

func untrack(p string) {
	live.Lock()
	delete(live.paths, p)
	live.Unlock()
}

// RemoveTemporaries removes every temporary this process made and has not
// finished with. A signal handler calls it before the process exits.
func RemoveTemporaries() {
	live.Lock()
	paths := make([]string, 0, len(live.paths))
	for p := range live.paths {
		paths = append(paths, p)
	}
	live.Unlock()
	for _, p := range paths {
		os.RemoveAll(p)
		untrack(p)
	}
}

// swept are the directories this process has already cleared of stale
// temporaries: once is enough (an export writes thousands of files into
// one directory).
var swept sync.Map

func sweepOnce(dir string) {
	if _, done := swept.LoadOrStore(filepath.Clean(dir), true); !done {
		sweep(dir, func(name string) (string, bool) {
			i := strings.LastIndex(name, tmpTag)
			if !strings.HasPrefix(name, ".") || i < 1 {
				return "", false
			}
			return name[i+len(tmpTag):], true
		})
	}
}

func sweepPrefix(dir, prefix string) {
	sweep(dir, func(name string) (string, bool) {
		return strings.CutPrefix(name, prefix)
	})
}

// sweep removes the stale temporaries in dir: the names match reports
// (returning the "PID-RANDOM" part) whose process is gone.
func sweep(dir string, match func(name string) (string, bool)) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	now := time.Now()
	for _, e := range ents {
		rest, ok := match(e.Name())
		if !ok {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		age := now.Sub(info.ModTime())
		stale := false
		if pidStr, random, ok := strings.Cut(rest, "-"); ok && isDigits(pidStr) && isHex(random) && len(random) == 8 {
			pid, _ := strconv.Atoi(pidStr)
			stale = age > staleAge || pid != os.Getpid() && !processAlive(pid)
		} else if isDigits(rest) {
			// os.CreateTemp's names, from wikirules before the process id.
			stale = age > legacyAge
		}
		p := filepath.Join(dir, e.Name())
		live.Lock()
		mine := live.paths[p]
		live.Unlock()
		if stale && !mine {
			os.RemoveAll(p)
		}
	}
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return s != ""
}
