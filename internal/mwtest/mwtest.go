package mwtest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// RequireEnv names the environment variable that turns a missing
// MediaWiki from a skipped test into a failed one.
const RequireEnv = "WIKIRULES_REQUIRE_MEDIAWIKI"

// Install is a MediaWiki code base and the php that runs it.
type Install struct {
	PHP     string // the php command
	Dir     string // MediaWiki's code ($IP): /usr/share/mediawiki
	Version string // "1.39.17"
	// Extensions are the shipped extensions the wikis load
	// (ParserFunctions, Cite).
	Extensions []string
}

// Locate finds php and MediaWiki: $WIKIRULES_MEDIAWIKI or
// /usr/share/mediawiki, and php on PATH with its SQLite driver. The error
// says what is missing.
var Locate = sync.OnceValues(func() (*Install, error) {
	php, err := exec.LookPath("php")
	if err != nil {
		return nil, errors.New("no php on PATH (Debian: apt-get install php-cli php-sqlite3)")
	}
	dir := os.Getenv("WIKIRULES_MEDIAWIKI")
	if dir == "" {
		dir = "/usr/share/mediawiki"
	}
	defines, err := os.ReadFile(filepath.Join(dir, "includes", "Defines.php"))
	if err != nil {
		return nil, fmt.Errorf("no MediaWiki in %s (Debian: apt-get install mediawiki; or set WIKIRULES_MEDIAWIKI)", dir)
	}
	m := regexp.MustCompile(`define\(\s*'MW_VERSION',\s*'([^']+)'`).FindSubmatch(defines)
	if m == nil {
		return nil, fmt.Errorf("%s: no MW_VERSION in includes/Defines.php", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, "maintenance", "install.php")); err != nil {
		return nil, fmt.Errorf("%s has no maintenance/install.php", dir)
	}
	mods, err := exec.Command(php, "-m").Output()
	if err != nil {
		return nil, fmt.Errorf("php -m: %v", err)
	}
	if !regexp.MustCompile(`(?m)^pdo_sqlite\s*$`).Match(mods) {
		return nil, errors.New("php has no pdo_sqlite module (Debian: apt-get install php-sqlite3)")
	}
	inst := &Install{PHP: php, Dir: dir, Version: string(m[1])}
	for _, ext := range []string{"ParserFunctions", "Cite"} {
		if _, err := os.Stat(filepath.Join(dir, "extensions", ext, "extension.json")); err == nil {
			inst.Extensions = append(inst.Extensions, ext)
		}
	}
	return inst, nil
})

// settings are appended to the installer's LocalSettings.php. Paths are
// relative to the settings file, so a copied wiki is a wiki of its own.
const settings = `
# ---- wikirules mwtest ----
$wgServer = 'http://' . ( $_SERVER['HTTP_HOST'] ?? '127.0.0.1' );
$wgCacheDirectory = __DIR__ . '/cache';
$wgUploadDirectory = __DIR__ . '/images';
$wgUploadPath = '/images';
$wgEnableUploads = true;
$wgUseImageMagick = false;
$wgFileExtensions = [ 'png', 'gif', 'jpg', 'jpeg', 'svg', 'pdf', 'txt' ];
$wgJobRunRate = 0;
$wgShowExceptionDetails = true;
$wgMainCacheType = CACHE_NONE;
# A throwaway wiki needs no fsync: SQLite's synchronous=OFF makes an import
# of a few pages take a second instead of six.
$wgDBservers = [ [
	'host' => '', 'user' => '', 'password' => '', 'dbname' => $wgDBname, 'type' => 'sqlite',
	'load' => 1, 'flags' => DBO_DEFAULT, 'variables' => [ 'synchronous' => 'OFF' ],
] ];
$wgParserCacheType = CACHE_NONE;
# Wiki.SetLag: the replication lag the API reports (MediaWiki's own maxlag
# check then refuses requests that ask for less).
$wgHooks['ApiMaxLagInfo'][] = static function ( &$lagInfo ) {
	$lag = @file_get_contents( __DIR__ . '/lag' );
	if ( $lag !== false ) {
		$lagInfo = [ 'host' => 'replica', 'lag' => (int)$lag, 'type' => 'db' ];
	}
};
# An import keeps its authors' names: an unknown author gets a local
# account instead of the "imported>" prefix.
$wgHooks['ImportHandleUnknownUser'][] = static function ( $name ) {
	User::createNew( $name );
	return false;
};
`

// thenRunJobs is a maintenance script that runs another one and then the
// job queue, in one PHP process (Wiki.maintenanceThenJobs): a maintenance
// process spends most of its 0.3–0.5 s starting MediaWiki, and every
// change a test makes to its wiki was followed by runJobs.php in a process
// of its own. --wr-script and --wr-class name the script and its class;
// its own options must be given as --name=value (options this script does
// not declare take no separate value) and its arguments after "--". The
// script's deferred updates run before the jobs, as they do when it ends
// its own process.
const thenRunJobs = `<?php
require_once getenv( 'MW_INSTALL_PATH' ) . '/maintenance/Maintenance.php';

class WikirulesThenRunJobs extends Maintenance {
	public function __construct() {
		parent::__construct();
		$this->setAllowUnregisteredOptions( true );
		$this->addOption( 'wr-script', 'the maintenance script to run first', true, true );
		$this->addOption( 'wr-class', 'its class', true, true );
	}

	public function execute() {
		require_once $this->getOption( 'wr-script' );
		$class = $this->getOption( 'wr-class' );
		$opts = $this->parameters->getOptions();
		// --conf is the runner's, read before the script starts.
		unset( $opts['wr-script'], $opts['wr-class'], $opts['conf'] );
		$script = new $class();
		$script->loadParamsAndArgs( $this->mSelf, $opts, $this->parameters->getArgs() );
		$script->validateParamsAndArgs();
		if ( $script->execute() === false ) {
			$this->fatalError( "$class failed" );
		}
		$script->shutdown();
		require_once MW_INSTALL_PATH . '/maintenance/runJobs.php';
		$jobs = new RunJobs();
		$jobs->loadParamsAndArgs( $this->mSelf, [], [] );
		$jobs->execute();
	}
}

$maintClass = WikirulesThenRunJobs::class;
require_once RUN_MAINTENANCE_IF_MAIN;
`

// router serves the wiki's uploads from its own directory; everything
// else is MediaWiki's (the built-in server runs the .php files).
const router = `<?php
$path = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
// A missing file gets its 404 here: the built-in server's own 404 comes out
// garbled when it compresses its output.
if ( strncmp( $path, '/images/', 8 ) !== 0 && strpos( $path, '.php/' ) === false
	&& !file_exists( $_SERVER['DOCUMENT_ROOT'] . $path ) ) {
	http_response_code( 404 );
	echo "no such file\n";
	return true;
}
if ( strncmp( $path, '/images/', 8 ) === 0 ) {
	$root = realpath( __DIR__ . '/images' );
	$file = realpath( $root . '/' . rawurldecode( substr( $path, 8 ) ) );
	if ( $file === false || strncmp( $file, $root . '/', strlen( $root ) + 1 ) !== 0 || !is_file( $file ) ) {
		http_response_code( 404 );
		echo "no such file\n";
		return true;
	}
	header( 'Content-Type: application/octet-stream' );
	header( 'Content-Length: ' . filesize( $file ) );
	readfile( $file );
	return true;
}
return false;
`

var (
	baseMu     sync.Mutex
	baseDir    string
	baseErr    error
	baseShared bool // baseDir is in the user's cache and outlives the process
)

// base returns the installed wiki that Start copies. It is installed once
// and kept in the user's cache directory (wikirules-mwtest/, keyed by the
// MediaWiki version and these settings), so that the test processes of
// one `go test ./...` and the next runs share it; a lock makes the first
// process install while the others wait. Without a usable cache directory
// each process installs its own, removed by Cleanup.
func base() (string, error) {
	baseMu.Lock()
	defer baseMu.Unlock()
	if baseDir != "" || baseErr != nil {
		return baseDir, baseErr
	}
	inst, err := Locate()
	if err != nil {
		baseErr = err
		return "", err
	}
	if dir, err := cachedBase(inst); err == nil {
		baseDir, baseShared = dir, true
		return dir, nil
	}
	tmp, err := os.MkdirTemp("", "wikirules-mediawiki-")
	if err == nil {
		err = install(inst, tmp)
	}
	if err != nil {
		baseErr = fmt.Errorf("installing MediaWiki %s: %w", inst.Version, err)
		return "", baseErr
	}
	baseDir = tmp
	return tmp, nil
}

// cachedBase finds or makes the shared install in the user's cache.
func cachedBase(inst *Install) (string, error) {
	root, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	root = filepath.Join(root, "wikirules-mwtest")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%s\x00%s\x00%s", inst.Dir, inst.Version, strings.Join(inst.Extensions, ","), settings, router, installArgs, warmArgs, thenRunJobs)
	dir := filepath.Join(root, "mediawiki-"+inst.Version+"-"+hex.EncodeToString(h.Sum(nil))[:12])
	unlock, err := lockFile(dir + ".lock")
	if err != nil {
		return "", err
	}
	defer unlock()
	if _, err := os.Stat(filepath.Join(dir, ".ready")); err == nil {
		return dir, nil
	}
	os.RemoveAll(dir) // a half-made one
	tmp, err := os.MkdirTemp(root, ".install-")
	if err != nil {
		return "", err
	}
	if err := install(inst, tmp); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, ".ready"), nil, 0o644); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	return dir, nil
}

// installArgs are install.php's options besides the paths.
const installArgs = "--dbtype sqlite --dbname wiki --server http://127.0.0.1 --scriptpath '' --lang en"

// install installs MediaWiki into dir (which it removes on failure).
func install(inst *Install, dir string) (err error) {
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	for _, d := range []string{"data", "images", "cache", "opcache"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			return err
		}
	}
	args := []string{filepath.Join(inst.Dir, "maintenance", "install.php"),
		"--dbtype", "sqlite", "--dbpath", filepath.Join(dir, "data"), "--dbname", "wiki",
		"--confpath", dir, "--server", "http://127.0.0.1", "--scriptpath", "",
		"--pass", "Wikirules-test-1", "--lang", "en", "--quiet"}
	if len(inst.Extensions) > 0 {
		args = append(args, "--extensions", strings.Join(inst.Extensions, ","))
	}
	if _, err := os.Stat(filepath.Join(inst.Dir, "skins", "Vector")); err == nil {
		args = append(args, "--skins", "Vector")
	}
	args = append(args, "Test wiki", "Admin")
	cmd := exec.Command(inst.PHP, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("install.php: %v\n%s", err, out)
	}
	ls := filepath.Join(dir, "LocalSettings.php")
	data, err := os.ReadFile(ls)
	if err != nil {
		return fmt.Errorf("install.php wrote no LocalSettings.php: %w", err)
	}
	// The installer writes absolute paths; the wiki's paths are made
	// relative to the settings file (here and in the appended block).
	data = regexp.MustCompile(`(?m)^\$wgSQLiteDataDir = .*$`).ReplaceAll(data, []byte("$$wgSQLiteDataDir = __DIR__ . '/data';"))
	data = bytes.ReplaceAll(data, []byte(`'synchronous' => 'NORMAL'`), []byte(`'synchronous' => 'OFF'`))
	data = append(data, settings...)
	if err := os.WriteFile(ls, data, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "router.php"), []byte(router), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "then-run-jobs.php"), []byte(thenRunJobs), 0o644); err != nil {
		return err
	}
	// The interface messages in English, built once here for every copy:
	// MediaWiki otherwise builds them (cache/l10n_cache-en.cdb) in each
	// copy at its first request or maintenance script that shows a
	// message, 0.14 s of CPU each time (a first API request 0.33 s → 0.20).
	w := &Wiki{Dir: dir, Inst: inst, opcache: filepath.Join(dir, "opcache")}
	if _, err := w.Maintenance(context.Background(), nil, "rebuildLocalisationCache.php", warmArgs); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, "cache", "l10n_cache-en.cdb")); err != nil {
		return fmt.Errorf("rebuildLocalisationCache.php wrote no cache/l10n_cache-en.cdb: %w", err)
	}
	return nil
}

// warmArgs is what rebuildLocalisationCache.php builds in a new install.
const warmArgs = "--lang=en"

// Cleanup removes what the process installed for itself (not the install
// shared through the user's cache). Main calls it.
func Cleanup() {
	baseMu.Lock()
	defer baseMu.Unlock()
	if baseDir != "" && !baseShared {
		os.RemoveAll(baseDir)
	}
	baseDir, baseErr = "", nil
	snapMu.Lock()
	defer snapMu.Unlock()
	for k, d := range snapshots {
		os.RemoveAll(d)
		delete(snapshots, k)
	}
}

// Main runs the tests and removes the base install: call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	Cleanup()
	os.Exit(code)
}

// Wiki is one running wiki.
type Wiki struct {
	Dir  string // LocalSettings.php, data/ (SQLite), images/, cache/
	URL  string // http://127.0.0.1:PORT, without a trailing slash
	Inst *Install

	// HTTP is the client the helper methods use.
	HTTP *http.Client

	opcache string // PHP's compiled-script cache, shared by the wikis of a process

	srv    *exec.Cmd
	srvLog *syncBuffer
	done   chan struct{}
	seq    int
}

// New returns a running wiki of the test's own, closed when the test ends.
// Without php or MediaWiki the test is skipped, or fails when
// WIKIRULES_REQUIRE_MEDIAWIKI=1.
func New(t testing.TB) *Wiki {
	t.Helper()
	Require(t)
	w, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	closeAtEnd(t, w)
	return w
}

// Require skips the test when php or MediaWiki is missing (fails it when
// WIKIRULES_REQUIRE_MEDIAWIKI=1), and installs the base wiki.
func Require(t testing.TB) {
	t.Helper()
	if _, err := Locate(); err != nil {
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("MediaWiki is required (%s=1) but cannot run: %v", RequireEnv, err)
		}
		t.Skipf("skipping: a real MediaWiki is needed: %v (set %s=1 to make this a failure)", err, RequireEnv)
	}
	if _, err := base(); err != nil {
		t.Fatal(err)
	}
}

// closeAtEnd closes w when the test ends, showing the server's log if the
// test failed.
func closeAtEnd(t testing.TB, w *Wiki) {
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("MediaWiki server log (%s):\n%s", w.URL, w.ServerLog())
		}
		w.Close()
	})
}

// Start copies the base install (installing it the first time) into a new
// temporary directory and serves it. Close stops it and removes the
// directory.
func Start() (*Wiki, error) {
	b, err := base()
	if err != nil {
		return nil, err
	}
	return startFrom(b)
}

// startFrom copies the wiki in directory b and serves the copy.
func startFrom(b string) (*Wiki, error) {
	inst, err := Locate()
	if err != nil {
		return nil, err
	}
	baseMu.Lock()
	opcache := filepath.Join(baseDir, "opcache")
	baseMu.Unlock()
	dir, err := os.MkdirTemp("", "wikirules-wiki-")
	if err != nil {
		return nil, err
	}
	if err := copyTree(b, dir); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("copying the base wiki: %w", err)
	}
	w := &Wiki{Dir: dir, Inst: inst, HTTP: &http.Client{Timeout: 60 * time.Second}, opcache: opcache}
	if err := w.serve(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return w, nil
}

// API is the wiki's api.php URL.
func (w *Wiki) API() string { return w.URL + "/api.php" }

// ServerLog is what the web server printed so far (one line per request,
// and PHP's errors).
func (w *Wiki) ServerLog() string { return w.srvLog.String() }

// serve starts php -S on a free loopback port and waits until the API
// answers.
func (w *Wiki) serve() error {
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		port, err := freePort()
		if err != nil {
			return err
		}
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		w.srvLog = &syncBuffer{}
		// zlib.output_compression: the wiki gzips its responses, as
		// production servers do. opcache.file_cache: see Maintenance.
		args := append([]string{}, "-d", "opcache.file_cache="+w.opcache, "-d", "zlib.output_compression=On",
			"-d", "display_errors=stderr", "-S", addr, "-t", w.Inst.Dir, filepath.Join(w.Dir, "router.php"))
		cmd := exec.Command(w.Inst.PHP, args...)
		cmd.Dir = w.Dir
		cmd.Env = append(os.Environ(), "MW_CONFIG_FILE="+filepath.Join(w.Dir, "LocalSettings.php"))
		cmd.Stdout, cmd.Stderr = w.srvLog, w.srvLog
		setProcessGroup(cmd)
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("starting php -S: %w", err)
		}
		w.srv, w.URL, w.done = cmd, "http://"+addr, make(chan struct{})
		go func(done chan struct{}) { cmd.Wait(); close(done) }(w.done)
		if lastErr = w.waitReady(30 * time.Second); lastErr == nil {
			return nil
		}
		w.stop()
	}
	return fmt.Errorf("php -S did not serve the wiki: %v\n%s", lastErr, w.srvLog.String())
}

func (w *Wiki) waitReady(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	client := &http.Client{Timeout: 5 * time.Second}
	for {
		select {
		case <-w.done:
			return errors.New("php -S exited")
		default:
		}
		resp, err := client.Get(w.API() + "?action=query&meta=siteinfo&format=json")
		if err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 && bytes.Contains(body, []byte(`"sitename"`)) {
				return nil
			}
			err = fmt.Errorf("HTTP %d: %.300s", resp.StatusCode, body)
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (w *Wiki) stop() {
	if w.srv == nil || w.srv.Process == nil {
		return
	}
	killProcessGroup(w.srv)
	select {
	case <-w.done:
	case <-time.After(10 * time.Second):
	}
	w.srv = nil
}

// Close stops the server and removes the wiki's directory.
func (w *Wiki) Close() error {
	w.stop()
	return os.RemoveAll(w.Dir)
}

// Maintenance runs a maintenance script (a file name in MediaWiki's
// maintenance/ directory, or the absolute path of a script of the
// caller's) on this wiki and returns what it printed. The script runs with
// MW_INSTALL_PATH and MW_CONFIG_FILE set.
func (w *Wiki) Maintenance(ctx context.Context, stdin io.Reader, script string, args ...string) ([]byte, error) {
	conf := filepath.Join(w.Dir, "LocalSettings.php")
	path := script
	if !filepath.IsAbs(path) {
		path = filepath.Join(w.Inst.Dir, "maintenance", script)
	}
	all := append([]string{path, "--conf", conf}, args...)
	// PHP keeps the scripts it compiled in a file cache shared by the
	// wikis of the process: a maintenance script then starts in a third of
	// a second instead of a second.
	flags := []string{"-d", "opcache.enable_cli=1", "-d", "opcache.file_cache=" + w.opcache, "-d", "opcache.file_cache_only=1"}
	cmd := exec.CommandContext(ctx, w.Inst.PHP, append(flags, all...)...)
	cmd.Dir = w.Dir
	cmd.Env = append(os.Environ(), "MW_INSTALL_PATH="+w.Inst.Dir, "MW_CONFIG_FILE="+conf)
	cmd.Stdin = stdin
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("maintenance/%s %s: %v\n%s", script, strings.Join(args, " "), err, out)
	}
	return out, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("finding a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// copyTree copies the regular files and directories below src to dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() && rel == "opcache" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

// syncBuffer is a bytes.Buffer safe for the server's writes and a test's
// reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var (
	snapMu    sync.Mutex
	snapshots = map[string]string{} // name → the directory of a stopped wiki
)

// NewFrom is New for a wiki that starts as a copy of a template made once
// per test process: the first call with a name runs setup on a fresh wiki
// (to import a corpus, say) and keeps a copy; every call returns a wiki of
// the test's own, copied from it, so tests that change their wiki do not
// disturb the others and setup runs once.
func NewFrom(t testing.TB, name string, setup func(context.Context, *Wiki) error) *Wiki {
	t.Helper()
	Require(t)
	snapMu.Lock()
	dir, ok := snapshots[name]
	if !ok {
		w, err := Start()
		if err == nil {
			err = setup(context.Background(), w)
		}
		if err != nil {
			snapMu.Unlock()
			if w != nil {
				t.Logf("MediaWiki server log:\n%s", w.ServerLog())
				w.Close()
			}
			t.Fatalf("setting up the %s wiki: %v", name, err)
		}
		w.stop()
		dir = w.Dir
		snapshots[name] = dir
	}
	snapMu.Unlock()
	w, err := startFrom(dir)
	if err != nil {
		t.Fatal(err)
	}
	closeAtEnd(t, w)
	return w
}
