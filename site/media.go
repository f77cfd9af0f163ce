package site

import (
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// MediaSafeTypes are the extensions of uploaded files a site publishes by
// default: raster images, audio, video and PDF, which a browser never runs
// as a page of the site's origin. Other files (.svg, .html, .xml, .js,
// files without an extension …) can hold script that runs on the site's
// origin when opened directly; they are published only when
// Options.MediaAllow names their extension.
var MediaSafeTypes = []string{
	".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".bmp", ".ico", ".tif", ".tiff",
	".mp3", ".ogg", ".oga", ".ogv", ".opus", ".wav", ".flac", ".m4a", ".mp4", ".webm",
	".pdf",
}

// mediaPolicy decides which uploaded files are published.
type mediaPolicy struct {
	all   bool
	allow map[string]bool
}

func newMediaPolicy(extra []string) mediaPolicy {
	p := mediaPolicy{allow: map[string]bool{}}
	for _, e := range MediaSafeTypes {
		p.allow[e] = true
	}
	for _, e := range extra {
		e = strings.ToLower(strings.TrimSpace(e))
		switch {
		case e == "*":
			p.all = true
		case e == "":
		default:
			if !strings.HasPrefix(e, ".") {
				e = "." + e
			}
			p.allow[e] = true
		}
	}
	return p
}

func (p mediaPolicy) allows(name string) bool {
	return p.all || p.allow[strings.ToLower(path.Ext(name))]
}

// listMedia lists the files of the media directory to publish, sorted,
// and warns about those it leaves out: files of types not allowed, and
// symbolic links that lead outside the directory (Options.Media is
// confined, see LoadDirs), to a directory (not followed, so no loop), or
// to anything but a regular file. Hidden files are left out silently.
func listMedia(media fs.FS, policy mediaPolicy) ([]string, model.MsgList) {
	var names []string
	var warns model.MsgList
	warn := func(f, text string) {
		warns = append(warns, model.Msg{File: "media/" + f, Severity: model.SevWarning, ID: model.MsgMedia, Text: text})
	}
	fs.WalkDir(media, ".", func(f string, d fs.DirEntry, err error) error {
		if err != nil {
			if f != "." {
				warn(f, "cannot read: "+err.Error())
			}
			return nil
		}
		if strings.HasPrefix(path.Base(f), ".") && f != "." {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			fi, err := fs.Stat(media, f)
			switch {
			case err != nil:
				warn(f, "symbolic link not followed: it leads outside the media directory")
				return nil
			case fi.IsDir():
				warn(f, "symbolic link to a directory not followed")
				return nil
			case !fi.Mode().IsRegular():
				warn(f, "not a regular file: not published")
				return nil
			}
		} else if !d.Type().IsRegular() {
			warn(f, "not a regular file: not published")
			return nil
		}
		if !policy.allows(f) {
			opt := "--media-allow '*' publishes every file"
			if ext := strings.ToLower(path.Ext(f)); ext != "" {
				opt = "--media-allow " + ext[1:] + " publishes them"
			}
			warn(f, "not published: only images, audio, video and PDF are by default, as a browser could run script in other files opened from the site ("+opt+")")
			return nil
		}
		names = append(names, f)
		return nil
	})
	sort.Strings(names)
	return names, warns
}

// safeMedia publishes the MediaSafeTypes only.
var safeMedia = newMediaPolicy(nil)
