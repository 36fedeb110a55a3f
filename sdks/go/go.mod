module github.com/weft/weft-go

go 1.23

require (
)
