package suggest

import (
	"reflect"
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"kitten", "sitting", 3},
		{"Gamehelphaerts", "Gamehelphearts", 1}, // a transposition is one edit
		{"cnt", "count", 2},
		{"sushi-go", "sushigo", 1},
		{"Q♠", "Q♥", 1}, // runes, not bytes
		{"ab", "ba", 1},
		{"ca", "abc", 3}, // optimal string alignment: no edit of a transposed pair
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	titles := []string{"Gamehelphearts", "Gamehelpscopa", "Tips hearts", "Gamehelpyacht", "Gamehelphearts"}
	if got := Nearest("Gamehelphaerts", titles, 3); !reflect.DeepEqual(got, []string{"Gamehelphearts"}) {
		t.Errorf("typo: %v", got)
	}
	if got := Nearest("WASABI", []string{"tempura", "wasabi", "maki"}, 3); !reflect.DeepEqual(got, []string{"wasabi"}) {
		t.Errorf("case: %v", got)
	}
	if got := Nearest("cnt", []string{"name", "count"}, 3); !reflect.DeepEqual(got, []string{"count"}) {
		t.Errorf("short name: %v", got)
	}
	if got := Nearest("zzzzzz", titles, 3); got != nil {
		t.Errorf("nothing near: %v", got)
	}
	if got := Nearest("ab", []string{"ac", "abc", "b", "xy"}, 2); !reflect.DeepEqual(got, []string{"ac", "abc"}) {
		t.Errorf("the nearest, at most n: %v", got)
	}
	if got := Nearest("abcd", []string{"abxy", "abcx"}, 2); !reflect.DeepEqual(got, []string{"abcx"}) {
		t.Errorf("only the nearest: %v", got)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"Sushi Go": "sushigo", "sushi-go": "sushigo", "Texas Hold'em": "texasholdem", "7 Wonders": "7wonders"} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	if got := DidYouMean(nil); got != "" {
		t.Error(got)
	}
	if got := DidYouMean([]string{"a", "b", "c"}); got != " (did you mean a, b or c?)" {
		t.Error(got)
	}
}

func BenchmarkNearest(b *testing.B) {
	var titles []string
	for i := 0; i < 10000; i++ {
		titles = append(titles, "Gamehelpgame"+string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('a'+i/676%26)))
	}
	b.ResetTimer()
	for b.Loop() {
		Nearest("Gamehelpgamexyy", titles, 5)
	}
	b.ReportMetric(float64(len(titles))*float64(b.N)/b.Elapsed().Seconds(), "names/s")
}

// FoldContains is strings.Contains(Fold(text), want), whatever the text.
func TestFoldContains(t *testing.T) {
	texts := []string{"", "Sushi Go!", "SUSHI-go party", "the game of sushigo", "susushigo", "aab aab aac", "abababc",
		"Éclat de sushi go", "x sushi g", "Ｓｕｓｈｉ go", "sushi\x00go", "1 2 3 4"}
	wants := []string{"sushigo", "go", "aabaac", "ababc", "abc", "1234", "clat", "x", "susushigo", "sushigox"}
	for _, text := range texts {
		for _, want := range wants {
			if got, exp := FoldContains(text, want), strings.Contains(Fold(text), want); got != exp {
				t.Errorf("FoldContains(%q, %q) = %v, want %v", text, want, got, exp)
			}
		}
	}
}

// FuzzFoldContains: FoldContains agrees with folding a copy.
func FuzzFoldContains(f *testing.F) {
	f.Add("Sushi Go!", "sushigo")
	f.Add("abababc", "ababc")
	f.Add("Éa", "a")
	f.Fuzz(func(t *testing.T, text, want string) {
		want = Fold(want)
		if got, exp := FoldContains(text, want), strings.Contains(Fold(text), want); got != exp {
			t.Errorf("FoldContains(%q, %q) = %v, want %v", text, want, got, exp)
		}
	})
}
