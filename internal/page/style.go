package page

import (
	_ "embed"
	"html/template"
)

// style is style.css, the look of every page.
//
//go:embed style.css
var style string

// Style returns style.css, the look of every page, the game's and the
// report's alike: to be put in a page's <style> element, or served as a
// file of its own.
func Style() template.CSS { return template.CSS(style) }
