package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/wikirules/wikirules/config"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// Exit statuses. Commands that answer a yes/no question (diff: did a rule
// table change? check: did a check fail?) use 1 for "yes"; 2 is always an
// error in the inputs, flags or specs.
const (
	ExitOK      = 0
	ExitChanged = 1
	ExitError   = 2
)

// exitError carries an exit status through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

// withStatus makes a command end with code after printing err (nil: print
// nothing).
func withStatus(code int, err error) error { return &exitError{code: code, err: err} }

// app is the state shared by the commands of one invocation.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// ownProcess: the command is all the process does (Main), so it may
	// tune the runtime for itself (oneShotGC).
	ownProcess bool

	wf           wikiFlags
	inputProblem bool // a --keep-going load reported problems
	// inputWarnings counts the warnings of loading the inputs, printed
	// when they were read: a build's summary counts them with its own.
	inputWarnings int

	cpuProfile  string
	memProfile  string
	stopProfile func()

	// configPath is --config; conf the configuration file read (nil
	// without one).
	configPath string
	conf       *config.Config
	// contentDir and wikiURL are the site flags --content and
	// --wiki-url of build and serve, which the wiki is read with too
	// (games' notes may name them; pages link back to the wiki).
	contentDir, wikiURL string
	// siteCommand: the command has those flags (its --wiki-url is the
	// configuration's wiki_url unless given, and may empty it).
	siteCommand bool
	// mapInputs maps feed files rather than reading them: every command
	// but serve, which loads the wiki again and again, loads it once.
	mapInputs bool
}

// wikiFlags say how to read the wiki; every command reads it the same way.
type wikiFlags struct {
	keepGoing    bool
	strict       bool
	rulesPrefix  []string
	tipsPrefix   []string
	templates    string
	name, server string
}

func (wf *wikiFlags) register(pf *pflag.FlagSet) {
	pf.BoolVar(&wf.keepGoing, "keep-going", false, "report every problem in the inputs and go on with the rest")
	pf.BoolVar(&wf.strict, "strict", false, "treat an export revision whose text does not match its <sha1> as an error, not a warning")
	pf.StringSliceVar(&wf.rulesPrefix, "rules-prefix", []string{"Gamehelp"}, "title prefix of rules pages (the rest is the game slug)")
	pf.StringSliceVar(&wf.tipsPrefix, "tips-prefix", []string{"Tips "}, "title prefix of tips pages")
	pf.StringVar(&wf.templates, "templates", "", "directory of wiki template definitions, one Name.wiki per template (default: the embedded content/wikitemplates)")
	pf.StringVar(&wf.name, "wiki-name", wiki.DefaultName, "the wiki's name, for {{SITENAME}}")
	pf.StringVar(&wf.server, "server", "", "the wiki's server, for {{SERVER}} and {{fullurl:}} (https://wiki.example.org)")
}

// config is the library configuration the flags (and the configuration
// file under them) describe.
func (a *app) config(inputs []string, metadataOnly bool) wiki.Config {
	cfg := wiki.Config{
		Inputs: a.inputs(inputs), Stdin: a.stdin, KeepGoing: a.wf.keepGoing, Strict: a.wf.strict, MetadataOnly: metadataOnly, MapInputs: a.mapInputs,
		Conventions:  model.Conventions{RulesPrefixes: a.wf.rulesPrefix, TipsPrefixes: a.wf.tipsPrefix},
		TemplatesDir: a.wf.templates, Name: a.wf.name, Server: a.wf.server, URL: a.wikiURL,
	}
	if a.conf != nil {
		cfg.Names, cfg.NamesFile = a.conf.Names, a.conf.Path
		cfg.NamesLines = a.conf.Wiki().NamesLines
		// The configuration's wiki_url describes the wiki for every
		// command, not only those with a --wiki-url flag: html takes
		// {{SERVER}} from it too.
		if !a.siteCommand {
			cfg.URL = a.conf.WikiURL
		}
	}
	if d := a.siteContent(); d != "" {
		cfg.SiteContent = os.DirFS(d)
	}
	return cfg
}

// open reads the inputs (the embedded sample when there are none, which
// it says on standard error) and prints the problems that did not stop it;
// under --keep-going the exit status is then 2.
func (a *app) open(inputs []string, metadataOnly bool) (*wiki.Wiki, error) {
	if err := checkTemplatesDir(a.wf.templates); err != nil {
		return nil, err
	}
	w, err := wiki.Open(a.config(inputs, metadataOnly))
	if err != nil {
		return nil, err
	}
	if w.Sample {
		fmt.Fprintln(a.stderr, "wikirules: no INPUT given: reading the embedded sample corpus")
	}
	w.Messages.Print(a.stderr, "text")
	a.inputWarnings = 0
	for _, m := range w.Messages {
		if m.Severity == model.SevWarning {
			a.inputWarnings++
		}
	}
	if w.Messages.HasErrors() {
		a.inputProblem = true
	}
	return w, nil
}

// checkTemplatesDir refuses a directory of site layouts given as wiki
// templates: both used to share the --templates flag.
func checkTemplatesDir(dir string) error {
	if dir == "" {
		return nil
	}
	html, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	_, err := os.Stat(filepath.Join(dir, "layouts"))
	if len(html) > 0 || err == nil {
		return fmt.Errorf("--templates %s holds site layouts (*.html): pass it as --layouts; --templates is for wiki template definitions (*.wiki)", dir)
	}
	return nil
}

// Main runs the command line with os.Args and returns the exit status.
// SIGINT, SIGTERM and SIGHUP stop it after removing the temporary files
// and directories it was writing (the output stays as it was); the exit
// status is then 128 plus the signal's number, as shells report it.
func Main() int {
	stop := onSignal(func(sig os.Signal) {
		atomic.RemoveTemporaries()
		code := 1
		if s, ok := sig.(syscall.Signal); ok {
			code = 128 + int(s)
		}
		os.Exit(code)
	})
	defer stop()
	return run(&app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, ownProcess: true}, os.Args[1:])
}

// onSignal calls fn when the process is asked to stop.
func onSignal(fn func(os.Signal)) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			fn(sig)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// Run runs the command line with the given arguments and streams.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(&app{stdin: stdin, stdout: stdout, stderr: stderr}, args)
}

// startProfiles starts the profiles --cpuprofile and --memprofile ask
// for; a.stopProfile writes them. The files are created first, so that a
// path that cannot be written fails before the work, not after it.
func (a *app) startProfiles() error {
	var cpu, mem *os.File
	var err error
	if a.cpuProfile != "" {
		if cpu, err = os.Create(a.cpuProfile); err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return err
		}
	}
	if a.memProfile != "" {
		if mem, err = os.Create(a.memProfile); err != nil {
			if cpu != nil {
				pprof.StopCPUProfile()
				cpu.Close()
			}
			return err
		}
	}
	if cpu == nil && mem == nil {
		return nil
	}
	a.stopProfile = func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				fmt.Fprintf(a.stderr, "wikirules: writing the CPU profile: %v\n", err)
			}
		}
		if mem != nil {
			err := pprof.Lookup("allocs").WriteTo(mem, 0)
			if cerr := mem.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				fmt.Fprintf(a.stderr, "wikirules: writing the memory profile: %v\n", err)
			}
		}
	}
	return nil
}

func run(a *app, args []string) int {
	a.mapInputs = true
	stdin, stdout, stderr := a.stdin, a.stdout, a.stderr
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if a.stopProfile != nil {
		a.stopProfile()
	}
	var ee *exitError
	switch {
	case err == nil:
		if a.inputProblem {
			return ExitError
		}
		return ExitOK
	case errors.As(err, &ee):
		if ee.err != nil {
			printError(stderr, ee.err)
		}
		return ee.code
	default:
		printError(stderr, err)
		return ExitError
	}
}

// printError prints located messages as they are ("file:line: error: …",
// one per line) and any other error after the program's name, control
// characters escaped (an error can quote a title or a file's content).
func printError(w io.Writer, err error) {
	if list, ok := model.AsMsgList(err); ok && err.Error() == list.Error() {
		list.Print(w, "text")
		return
	}
	fmt.Fprintln(w, "wikirules:", model.EscapeControls(err.Error()))
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "wikirules",
		Short: "Compile wiki rule pages into checked rule tables and a static help site",
		Long: `wikirules reads the revision histories of MediaWiki rule pages (contribution
feeds, XML exports, directories of .wiki files), parses the wikitext, extracts
the rule tables, diffs revisions, runs rule checks and builds a static site.

Commands that take INPUT… read the embedded default corpus when none is given;
an input is a file, a directory (searched for .txt feeds, .xml/.xml.gz/.xml.bz2
exports and .wiki pages), a glob, or - for standard input.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	pf := root.PersistentFlags()
	a.wf.register(pf)
	// One spelling of the output flag everywhere (-o, --output); --out,
	// its old spelling on build and export, still works.
	root.SetGlobalNormalizationFunc(func(f *pflag.FlagSet, name string) pflag.NormalizedName {
		if name == "out" {
			name = "output"
		}
		return pflag.NormalizedName(name)
	})
	pf.StringVar(&a.cpuProfile, "cpuprofile", "", "write a CPU profile of the command to this file (for go tool pprof)")
	pf.StringVar(&a.memProfile, "memprofile", "", "write a profile of the command's allocations to this file when it ends (for go tool pprof -sample_index=alloc_space)")
	pf.StringVar(&a.configPath, "config", "", "configuration file (default: "+config.FileName+" in the working directory, when there is one); flags override it")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if err := a.loadConfig(cmd); err != nil {
			return err
		}
		return a.startProfiles()
	}
	root.AddCommand(
		a.buildCommand(),
		a.serveCommand(),
		a.exportCommand(),
		a.pagesCommand(),
		a.historyCommand(),
		a.showCommand(),
		a.convertCommand(),
		a.htmlCommand(),
		a.extractCommand(),
		a.diffCommand(),
		a.blameCommand(),
		a.checkCommand(),
		a.pullCommand(),
	)
	return root
}
