package site

import (
	"os"

	"github.com/wikirules/wikirules/internal/mapfile"
)

// mapRead maps the file at p read-only, or reads it when it cannot be
// mapped; release unmaps it, after which nothing may use the bytes (nor
// strings made from them).
func mapRead(p string) (data []byte, release func(), err error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if st.Mode().IsRegular() {
		if data, ok := mapfile.Map(f, st.Size()); ok {
			return data, func() { mapfile.Unmap(data) }, nil
		}
	}
	data, err = os.ReadFile(p)
	return data, func() {}, err
}
