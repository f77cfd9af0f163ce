package cli

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"io"
	"os"
	"sync"
)

// programVersion identifies this program's build, so a new binary does
// not reuse pages an older one built: the Go build ID the linker writes
// into the executable (its last part is a hash of the binary's content),
// or, for a binary built without one, a hash of the whole file (reading
// 30 MB was a tenth of a small site's build).
var programVersion = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	if id := goBuildID(exe); id != "" {
		return "go:" + id
	}
	f, err := os.Open(exe)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
})

// goBuildID returns the Go build ID of the executable at path, as `go tool
// buildid` prints it, or "" when it has none: from the ELF note
// .note.go.buildid, or else the string the linker puts at the start of the
// text of other formats (within the first 32 KB, where `go tool buildid`
// looks for it).
func goBuildID(path string) string {
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		if s := f.Section(".note.go.buildid"); s != nil {
			data, err := s.Data()
			if err == nil {
				return elfGoNote(data, f.ByteOrder)
			}
		}
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 32<<10)
	n, _ := io.ReadFull(f, head)
	return rawGoBuildID(head[:n])
}

// elfGoNote reads the Go note of a .note.go.buildid section: name "Go",
// type 4, the ID as its description.
func elfGoNote(data []byte, order binary.ByteOrder) string {
	for len(data) >= 12 {
		nameLen, descLen, typ := order.Uint32(data), order.Uint32(data[4:]), order.Uint32(data[8:])
		nameEnd := 12 + align4(int(nameLen))
		descEnd := nameEnd + align4(int(descLen))
		if nameLen > 1<<10 || descLen > 1<<10 || descEnd > len(data) {
			return ""
		}
		if typ == 4 && string(bytes.TrimRight(data[12:12+nameLen], "\x00")) == "Go" {
			return string(data[nameEnd : nameEnd+int(descLen)])
		}
		data = data[descEnd:]
	}
	return ""
}

func align4(n int) int { return (n + 3) &^ 3 }

// rawGoBuildID finds `\xff Go build ID: "…"\n \xff` in data.
func rawGoBuildID(data []byte) string {
	const prefix, suffix = "\xff Go build ID: \"", "\"\n \xff"
	i := bytes.Index(data, []byte(prefix))
	if i < 0 {
		return ""
	}
	rest := data[i+len(prefix):]
	j := bytes.Index(rest, []byte(suffix))
	if j < 0 || j > 1<<10 {
		return ""
	}
	return string(rest[:j])
}
