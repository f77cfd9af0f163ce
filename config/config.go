package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/internal/yamlstrict"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/wiki"
)

// FileName is the configuration file a command reads from its working
// directory.
const FileName = "wikirules.yaml"

// Config is wikirules.yaml.
type Config struct {
	// Title is the site's name, in titles and the header (--site-name).
	Title string `yaml:"title"`
	// BaseURL is the site's absolute URL (--base-url).
	BaseURL string `yaml:"base_url"`
	// WikiURL is the wiki's address, for links back to its pages
	// (--wiki-url): an article path with $1, or index.php's directory.
	WikiURL string `yaml:"wiki_url"`
	// WikiName and Server are {{SITENAME}} and {{SERVER}} (--wiki-name,
	// --server).
	WikiName string `yaml:"wiki_name"`
	Server   string `yaml:"server"`
	// RulesPrefix and TipsPrefix are the title prefixes of rules and tips
	// pages (--rules-prefix, --tips-prefix).
	RulesPrefix []string `yaml:"rules_prefix"`
	TipsPrefix  []string `yaml:"tips_prefix"`
	// Names are games' names by slug (or a page title of the game): the
	// first source of a game's name.
	Names map[string]string `yaml:"names"`
	// Directories (--checks, --engine, --templates, --content, --media,
	// --layouts), relative to the file.
	Checks    string `yaml:"checks"`
	Engine    string `yaml:"engine"`
	Templates string `yaml:"templates"`
	Content   string `yaml:"content"`
	Media     string `yaml:"media"`
	Layouts   string `yaml:"layouts"`
	// MediaAllow are more media extensions to publish (--media-allow).
	MediaAllow []string `yaml:"media_allow"`
	// Inputs are read when a command is given none: files, directories or
	// globs, relative to the file.
	Inputs []string `yaml:"inputs"`
	// Output is the site's directory (-o).
	Output string `yaml:"output"`

	// Path is the file it was read from ("" for a Config made in Go).
	Path string `yaml:"-"`
	// lines are the lines of the keys (and of Names' keys), for messages.
	lines, nameLines map[string]int
}

// Find returns the configuration file of a directory: dir/wikirules.yaml,
// if there is one.
func Find(dir string) (string, bool) {
	p := filepath.Join(dir, FileName)
	st, err := os.Stat(p)
	return p, err == nil && st.Mode().IsRegular()
}

// Load reads a configuration file. Relative paths in it become paths from
// the working directory (they are read from the file's directory).
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return Parse(path, data)
}

// Parse reads a configuration from data, as if from the file path.
func Parse(path string, data []byte) (*Config, error) {
	c := &Config{Path: path}
	if err := yamlstrict.Decode(path, data, 0, c); err != nil {
		return nil, err
	}
	c.lines, c.nameLines = keyLines(data)
	dir := filepath.Dir(path)
	var errs model.MsgList
	for _, d := range []struct {
		key string
		p   *string
	}{{"checks", &c.Checks}, {"engine", &c.Engine}, {"templates", &c.Templates}, {"content", &c.Content}, {"media", &c.Media}, {"layouts", &c.Layouts}} {
		if *d.p == "" {
			continue
		}
		*d.p = resolve(dir, *d.p)
		if st, err := os.Stat(*d.p); err != nil || !st.IsDir() {
			errs = append(errs, c.msg(d.key, fmt.Sprintf("%s: %s is not a directory", d.key, *d.p)))
		}
	}
	for i, in := range c.Inputs {
		if in != "-" {
			c.Inputs[i] = resolve(dir, in)
		}
	}
	if c.Output != "" {
		c.Output = resolve(dir, c.Output)
	}
	for _, u := range []struct{ key, v string }{{"base_url", c.BaseURL}, {"wiki_url", c.WikiURL}, {"server", c.Server}} {
		if u.v != "" && !strings.HasPrefix(u.v, "https://") && !strings.HasPrefix(u.v, "http://") {
			errs = append(errs, c.msg(u.key, fmt.Sprintf("%s: %q is not an http(s) address", u.key, u.v)))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return c, nil
}

func resolve(dir, p string) string {
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[2:])
		}
	}
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// msg is an error at the line of a key.
func (c *Config) msg(key, text string) model.Msg {
	return model.Msg{File: c.Path, Line: c.lines[key], Severity: model.SevError, ID: model.MsgConfig, Text: text}
}

// keyLines finds the line of every top-level key and of every key of
// names.
func keyLines(data []byte) (map[string]int, map[string]int) {
	keys, names := map[string]int{}, map[string]int{}
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return keys, names
	}
	m := root.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		keys[m.Content[i].Value] = m.Content[i].Line
		if m.Content[i].Value == "names" && m.Content[i+1].Kind == yaml.MappingNode {
			n := m.Content[i+1]
			for j := 0; j+1 < len(n.Content); j += 2 {
				names[n.Content[j].Value] = n.Content[j].Line
			}
		}
	}
	return keys, names
}

// Has reports whether the file sets a key.
func (c *Config) Has(key string) bool {
	_, ok := c.lines[key]
	return ok
}

// Flags are the file's settings as the command-line flags that take them
// (flag name → values; one value but for the list flags). A command sets
// each flag its command line did not set from here.
func (c *Config) Flags() map[string][]string {
	out := map[string][]string{}
	set := func(flag string, v string) {
		if v != "" {
			out[flag] = []string{v}
		}
	}
	list := func(flag string, v []string) {
		if v != nil {
			out[flag] = v
		}
	}
	set("site-name", c.Title)
	set("base-url", c.BaseURL)
	set("wiki-url", c.WikiURL)
	set("wiki-name", c.WikiName)
	set("server", c.Server)
	list("rules-prefix", c.RulesPrefix)
	list("tips-prefix", c.TipsPrefix)
	set("checks", c.Checks)
	set("engine", c.Engine)
	set("templates", c.Templates)
	set("content", c.Content)
	set("media", c.Media)
	set("layouts", c.Layouts)
	list("media-allow", c.MediaAllow)
	set("output", c.Output)
	return out
}

// Wiki is the library configuration of the wiki the file describes.
func (c *Config) Wiki() wiki.Config {
	cfg := wiki.Config{Inputs: c.Inputs, TemplatesDir: c.Templates, Name: c.WikiName, Server: c.Server, URL: c.WikiURL,
		Names: c.Names, NamesFile: c.Path, NamesLines: c.nameLines}
	if c.RulesPrefix != nil || c.TipsPrefix != nil {
		cfg.Conventions = model.Conventions{RulesPrefixes: c.RulesPrefix, TipsPrefixes: c.TipsPrefix}
		if cfg.Conventions.RulesPrefixes == nil {
			cfg.Conventions.RulesPrefixes = model.DefaultConventions().RulesPrefixes
		}
		if cfg.Conventions.TipsPrefixes == nil {
			cfg.Conventions.TipsPrefixes = model.DefaultConventions().TipsPrefixes
		}
	}
	if c.Content != "" {
		cfg.SiteContent = os.DirFS(c.Content)
	}
	return cfg
}

// Suite is the check configuration the file describes.
func (c *Config) Suite() wiki.SuiteConfig {
	return wiki.SuiteConfig{ChecksDir: c.Checks, EngineDir: c.Engine}
}

// Site is the site configuration the file describes (the check suite is
// the wiki's: wiki.Wiki.Suite with Checks).
func (c *Config) Site() (site.Options, error) {
	o := site.Options{Out: c.Output, BaseURL: c.BaseURL, SiteName: c.Title, MediaAllow: c.MediaAllow}
	if o.Out == "" {
		o.Out = "public"
	}
	if err := o.LoadDirs(site.Dirs{Layouts: c.Layouts, Content: c.Content, Media: c.Media}); err != nil {
		return o, err
	}
	return o, nil
}
