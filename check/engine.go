package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/internal/suggest"
	"github.com/wikirules/wikirules/model"
)

// Engine is a file of engine constants: its values, and the line each
// value is written on, so a failing check can name the engine's file:line
// as well as the wiki's.
type Engine struct {
	// File is the file as messages name it.
	File string
	// Values are the constants: maps, lists, int64, float64, string, bool
	// and nil, whatever the format.
	Values map[string]any
	// lines maps a value's path ("points.queen_of_spades", "suits.1.cards")
	// to its line.
	lines map[string]int
	// files names the file of a value written in another file than File
	// (one a PHP file requires), by its path.
	files map[string]string
	// paths maps each map of Values to its path, so a check that reaches
	// a value through any expression can say which constant it read.
	paths map[uintptr]string
	// unread maps each map and list of Values that holds a value the
	// reader could not read (at any depth) to the first one.
	unread map[uintptr]unreadAt
	// classes are the names of Values that are PHP classes (maps of
	// their constants and static properties).
	classes []string
	// statics are the paths of the classes' static properties
	// ("Game.CARD_TYPES"; "Game.$X" when the class has a constant X).
	statics map[string]bool
}

// staticName is the name of the static property $prop ("$X") in the
// class at path class: "X", or "$X" beside a constant X; "" when the
// class has no such property.
func (e *Engine) staticName(class, prop string) string {
	if e == nil {
		return ""
	}
	for _, k := range []string{prop, strings.TrimPrefix(prop, "$")} {
		if e.statics[class+"."+k] {
			return k
		}
	}
	return ""
}

// classHint points a name not found among the engine's names at a class
// constant: HAND_SIZE, Game::HAND_SIZE, Game::HAND or Game.HAND_SIZE
// spelt another way is engine.Game.HAND_SIZE when a class of the file
// has it ("" when none is near).
func (e *Engine) classHint(key string) string {
	var exact, all []string
	statics := 0
	for _, c := range e.classes {
		m, _ := e.Values[c].(map[string]any)
		for k := range m {
			all = append(all, c+"::"+k)
			if k == key || k == "$"+key {
				exact = append(exact, "engine."+c+"."+k)
				if e.statics[c+"."+k] {
					statics++
				}
			}
		}
	}
	if len(exact) > 0 {
		sort.Strings(exact)
		what := "a class constant"
		switch statics {
		case 0:
		case len(exact):
			what = "a static property"
		default:
			what = "a class constant or static property"
		}
		for i, x := range exact {
			if strings.Contains(x, ".$") {
				c, k, _ := strings.Cut(strings.TrimPrefix(x, "engine."), ".")
				exact[i] = fmt.Sprintf("engine.%s[%q]", c, k)
			}
		}
		return fmt.Sprintf(" (%s: %s)", what, strings.Join(exact, ", "))
	}
	if len(all) == 0 || !strings.Contains(key, "::") {
		return ""
	}
	near := suggest.Nearest(key, all, 3)
	for i, n := range near {
		c, k, _ := strings.Cut(n, "::")
		near[i] = "engine." + c + "." + k
	}
	return suggest.DidYouMean(near)
}

// unreadAt is an unreadable value inside a map or a list, and its path
// from there.
type unreadAt struct {
	u    *Unreadable
	path string
}

// unreadableIn finds an unreadable value in v, a map or a list of the
// engine's values, and its path inside v.
func (e *Engine) unreadableIn(v any) (*Unreadable, string) {
	if e == nil || e.unread == nil {
		return nil, ""
	}
	switch x := v.(type) {
	case map[string]any, []any:
		if len(e.unread) == 0 || reflect.ValueOf(x).Len() == 0 {
			return nil, ""
		}
		at := e.unread[reflect.ValueOf(x).Pointer()]
		return at.u, at.path
	}
	return nil, ""
}

// Line is the line a value is written on (0 when unknown); path is its
// keys joined by dots.
func (e *Engine) Line(path string) int { return e.lines[path] }

// Where is "file:line" for a value, or the file when the line is unknown.
func (e *Engine) Where(path string) string {
	if l := e.lines[path]; l > 0 {
		if f := e.files[path]; f != "" {
			return fmt.Sprintf("%s:%d", f, l)
		}
		return fmt.Sprintf("%s:%d", e.File, l)
	}
	return e.File
}

// pathOf is the path of a map inside Values ("" for Values itself), and
// whether it is one.
func (e *Engine) pathOf(m map[string]any) (string, bool) {
	if e == nil || m == nil {
		return "", false
	}
	p, ok := e.paths[reflect.ValueOf(m).Pointer()]
	return p, ok
}

func (e *Engine) indexPaths() {
	e.paths = map[uintptr]string{}
	e.unread = map[uintptr]unreadAt{}
	// walk indexes v and returns its first unreadable value (keys in
	// order), with its path inside v.
	var walk func(v any, p string) (*Unreadable, string)
	walk = func(v any, p string) (*Unreadable, string) {
		var first *Unreadable
		var at, firstKey string
		found := func(u *Unreadable, inner, k string) {
			if u != nil && (first == nil || k < firstKey) {
				first, at, firstKey = u, joinPath(k, inner), k
			}
		}
		switch x := v.(type) {
		case *Unreadable:
			return x, ""
		case map[string]any:
			e.paths[reflect.ValueOf(x).Pointer()] = p
			for k, c := range x {
				u, inner := walk(c, joinPath(p, k))
				found(u, inner, k)
			}
		case []any:
			for i, c := range x {
				u, inner := walk(c, joinPath(p, strconv.Itoa(i)))
				if u != nil && first == nil {
					first, at = u, joinPath(strconv.Itoa(i), inner)
				}
			}
		}
		if first != nil {
			e.unread[reflect.ValueOf(v).Pointer()] = unreadAt{first, at}
		}
		return first, at
	}
	walk(e.Values, "")
}

func joinPath(p, k string) string {
	if p == "" {
		return k
	}
	return p + "." + k
}

// ReadEngine reads engine constants from a YAML, JSON or PHP file (.php,
// .inc) as LoadEngine does, and finds the line of each value. A check spec
// is refused: it is never what a spec's engine: names.
func ReadEngine(fsys fs.FS, name, display string) (*Engine, error) {
	var values map[string]any
	var err error
	var php *phpReader
	if isPHPFile(name) {
		values, php, err = parsePHPFile(fsys, name, display)
	} else {
		values, err = LoadEngine(fsys, name, display)
	}
	if err != nil {
		return nil, err
	}
	if looksLikeSpec(values) {
		return nil, model.Errorf(display, 1, model.MsgEngine, "%s is a check spec (it has game: and checks:), not engine constants", display)
	}
	e := &Engine{File: display, Values: values, lines: map[string]int{}}
	if php != nil {
		e.statics = map[string]bool{}
		for _, s := range php.statics {
			e.statics[s] = true
		}
		for c, kind := range php.kinds {
			if _, isMap := values[c].(map[string]any); isMap && kind != "trait" {
				e.classes = append(e.classes, c)
			}
		}
		sort.Strings(e.classes)
	}
	// The values are read; the lines are found in a second, lenient
	// pass over the same file, so a reader of one format stays one
	// thing. A value whose line is not found is named by its file.
	if php != nil {
		// The files a PHP file requires hold values too (its
		// constants, in modules/): each value is found in the last
		// file that writes it, the engine file itself last, as its
		// code runs after the files it requires at its top.
		e.files = map[string]string{}
		built := make([]map[string]*phpBuilt, len(php.sources))
		fileLines := make([]map[string]int, len(php.sources))
		for i := len(php.sources) - 1; i >= 0; i-- {
			f := php.sources[i]
			lines, b := phpLinesOf(f.src, php.constKey)
			built[i], fileLines[i] = b, lines
			for p, l := range lines {
				if _, ok := e.lines[p]; ok && i > 0 {
					continue
				}
				e.lines[p] = l
				if i > 0 {
					e.files[p] = f.name
				} else {
					delete(e.files, p)
				}
			}
		}
		// What a game's class builds is set after the files' top
		// level: its properties' defaults, then its constructor's
		// assignments and the files it includes, in the order they are
		// written.
		set := func(p string, l, i int) {
			e.lines[p] = l
			if i > 0 {
				e.files[p] = php.sources[i].name
			} else {
				delete(e.files, p)
			}
		}
		type step struct {
			at, line, src int
			path          string // "" for the file src, included
		}
		for _, c := range php.built() {
			var steps []step
			for i, b := range built {
				if b[c] == nil {
					continue
				}
				for p, l := range b[c].defaults {
					set(p, l, i)
				}
				for p, l := range b[c].ctor {
					steps = append(steps, step{at: b[c].pos[p], line: l, src: i, path: p})
				}
			}
			for _, inc := range php.included {
				if inc.class == c {
					steps = append(steps, step{at: inc.at, src: inc.source})
				}
			}
			sort.SliceStable(steps, func(a, b int) bool { return steps[a].at < steps[b].at })
			for _, st := range steps {
				if st.path != "" {
					set(st.path, st.line, st.src)
					continue
				}
				for p, l := range fileLines[st.src] {
					set(p, l, st.src)
				}
			}
		}
		// A static property is written Class.$X: it is Class.X unless
		// the class has a constant X.
		for p, l := range e.lines {
			class, rest, _ := strings.Cut(p, ".$")
			if rest == "" || strings.Contains(class, ".") {
				continue
			}
			name, sub, _ := strings.Cut(rest, ".")
			if e.statics[class+"."+name] {
				q := subPath(class+"."+name, sub)
				e.lines[q] = l
				if f, ok := e.files[p]; ok {
					e.files[q] = f
				}
			}
		}
		// A class's inherited constant is written in the class (or
		// interface, trait) it comes from, nearest first.
		for _, c := range e.classes {
			m, _ := values[c].(map[string]any)
			ancestors := php.ancestors(c)
			for k := range m {
				if _, ok := e.lines[c+"."+k]; ok {
					continue
				}
				for _, a := range ancestors {
					if l, ok := e.lines[a+"."+k]; ok {
						e.lines[c+"."+k] = l
						if f := e.files[a+"."+k]; f != "" {
							e.files[c+"."+k] = f
						}
						break
					}
				}
			}
		}
	} else if data, err := fs.ReadFile(fsys, name); err == nil {
		switch strings.ToLower(path.Ext(name)) {
		case ".json":
			e.lines = jsonLines(data)
		default:
			var doc yaml.Node
			if yaml.Unmarshal(data, &doc) == nil && len(doc.Content) > 0 {
				yamlLines(doc.Content[0], "", e.lines)
			}
		}
	}
	e.indexPaths()
	return e, nil
}

// looksLikeSpec reports whether values read as engine constants are a
// check spec's.
func looksLikeSpec(v map[string]any) bool {
	_, game := v["game"]
	_, checks := v["checks"]
	return game && checks
}

// yamlLines records the line of every value under n.
func yamlLines(n *yaml.Node, p string, lines map[string]int) {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := joinPath(p, n.Content[i].Value)
			lines[k] = n.Content[i].Line
			yamlLines(n.Content[i+1], k, lines)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			k := joinPath(p, strconv.Itoa(i))
			lines[k] = c.Line
			yamlLines(c, k, lines)
		}
	}
}

// jsonLines records the line of every value of a JSON document (already
// known to be valid).
func jsonLines(data []byte) map[string]int {
	data = blankBOM(data)
	lines := map[string]int{}
	idx := model.NewLineIndex(string(data))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	// next is where the next value starts: past the separators the
	// decoder has not consumed yet.
	next := func() int {
		off := int(dec.InputOffset())
		for off < len(data) && bytes.IndexByte([]byte(" \t\r\n,:"), data[off]) >= 0 {
			off++
		}
		return off
	}
	var walk func(p string) error
	walk = func(p string) error {
		pos := next()
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if p != "" {
			lines[p] = idx.Line(pos)
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				key, _ := k.(string)
				if err := walk(joinPath(p, key)); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(joinPath(p, strconv.Itoa(i))); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		}
		return err
	}
	_ = walk("")
	return lines
}

// isPHPFile reports whether name is read as PHP (.php, .inc).
func isPHPFile(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".php", ".inc":
		return true
	}
	return false
}

// blankBOM makes a UTF-8 byte order mark at the start of a JSON file (an
// editor on Windows writes one) white space, which JSON reads: the
// offsets and lines of the rest stay as they are.
func blankBOM(data []byte) []byte {
	if rest, ok := bytes.CutPrefix(data, []byte("\uFEFF")); ok {
		return append([]byte("   "), rest...)
	}
	return data
}
