package render

// What a picture draws that no pixel shows (a text that loses its end, a word cut inside, where
// each label lies) is heard by a watch, which the tests set: they check that the pictures meant
// for a phone lose no words and hide no label. The bot draws with none, and keeps none of it.
var watch interface {
	// overflow hears of a text drawn wider than the canvas (or part of it) it was drawn in.
	overflow(s string)
	// cutInWord hears of a text fit had to cut inside a word.
	cutInWord(s string)
}
