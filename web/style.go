package web

import (
	_ "embed"
	"html/template"
)

// style is style.css, the look of every page.
//
//go:embed style.css
var style string

// Style returns style.css, the look of every page of the package, to be
// put in a page's <style> element.
func Style() template.CSS { return template.CSS(style) }
