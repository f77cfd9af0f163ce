package mwxml

import (
	"crypto/sha1"
	"encoding/hex"
	"math/big"
	"sort"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// Base36SHA1 converts a hex SHA-1 to the base-36 form MediaWiki stores
// (31 digits, zero padded).
func Base36SHA1(hexsum string) string {
	n, ok := new(big.Int).SetString(hexsum, 16)
	if !ok {
		return ""
	}
	s := n.Text(36)
	if len(s) < 31 {
		s = strings.Repeat("0", 31-len(s)) + s
	}
	return s
}

// hexSHA1 converts an export's hash (base 36, or hex from other tools) to
// hex; "" when it is neither.
func hexSHA1(exported string) string {
	exported = strings.ToLower(exported)
	if len(exported) == 40 {
		if _, err := hex.DecodeString(exported); err == nil {
			return exported
		}
	}
	n, ok := new(big.Int).SetString(exported, 36)
	if !ok || n.BitLen() > 160 {
		return ""
	}
	s := n.Text(16)
	return strings.Repeat("0", 40-len(s)) + s
}

// SHA1Matches compares an export's <sha1> (base 36, or hex from other
// tools) with a hex SHA-1.
func SHA1Matches(exported, hexsum string) bool {
	exported = strings.ToLower(exported)
	if len(exported) == 40 {
		return exported == hexsum
	}
	return exported == Base36SHA1(hexsum)
}

// RevisionSHA1 returns the hex form of a revision's hash as MediaWiki
// defines it (RevisionSlots::computeSha1): over every slot, not only the
// main one. With a single slot it is the text's SHA-1; with several, the
// base-36 hashes of the slots, sorted by role, are folded: h = sha1(h +
// next) in base 36. ok is false when a slot's hash is unknown.
func RevisionSHA1(r *model.Revision) (string, bool) {
	return revisionSHA1(r.Digest(), r.Slots)
}

// revisionSHA1 is RevisionSHA1 of a revision whose main slot's hash is main.
func revisionSHA1(main string, others []model.Slot) (string, bool) {
	if main == "" {
		return "", false
	}
	if len(others) == 0 {
		return main, true
	}
	type roleHash struct{ role, b36 string }
	slots := []roleHash{{"main", Base36SHA1(main)}}
	for _, s := range others {
		if s.SHA1 == "" {
			return "", false
		}
		slots = append(slots, roleHash{s.Role, Base36SHA1(s.SHA1)})
	}
	sort.SliceStable(slots, func(i, j int) bool { return slots[i].role < slots[j].role })
	acc := slots[0].b36
	for _, s := range slots[1:] {
		sum := sha1.Sum([]byte(acc + s.b36))
		acc = Base36SHA1(hex.EncodeToString(sum[:]))
	}
	return hexSHA1(acc), true
}
