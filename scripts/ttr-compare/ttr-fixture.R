# Builds the indicator comparison fixture from R's TTR (an independent implementation).
# Usage (from the repository root):
#   Rscript scripts/ttr-compare/ttr-fixture.R ../shared/market-data/us-equities-eod/daily \
#     packages/analytics/src/indicators/fixtures/ttr-fixture.json AAPL XOM JPM
# Each symbol's last BARS real bars are the input (stored in the fixture, so the test needs
# no outside data); the last TAIL values of every TTR output are the expectation.
suppressPackageStartupMessages({ library(TTR); library(jsonlite) })

args <- commandArgs(trailingOnly = TRUE)
dataDir <- args[1]
outFile <- args[2]
symbols <- args[-(1:2)]
BARS <- 300
TAIL <- 60

lastN <- function(x) { x <- as.numeric(x); x[(length(x) - TAIL + 1):length(x)] }

one <- function(sym) {
  d <- read.csv(file.path(dataDir, paste0(sym, ".csv")), stringsAsFactors = FALSE)
  d <- tail(d, BARS)
  cl <- d$Close
  hlc <- cbind(d$High, d$Low, d$Close)
  macd <- MACD(cl, nFast = 12, nSlow = 26, nSig = 9, maType = "EMA", percent = FALSE)
  bb <- BBands(cl, n = 20, maType = "SMA", sd = 2)
  ret <- ROC(cl, n = 1, type = "discrete")
  # TTR leaves the first true range NA and seeds the ATR with the mean of TR 2..15;
  # analytics.md defines TR(first bar) = high − low and seeds with TR 1..14. Take TTR's true
  # ranges, set the first one by our definition and smooth with TTR's Wilder EMA.
  tr <- ATR(hlc, n = 14)[, "tr"]
  tr[1] <- d$High[1] - d$Low[1]
  list(
    symbol = sym,
    dates = d$Date,
    open = d$Open, high = d$High, low = d$Low, close = cl, volume = d$Volume,
    ttr = list(
      sma20 = lastN(SMA(cl, 20)),
      sma50 = lastN(SMA(cl, 50)),
      sma200 = lastN(SMA(cl, 200)),
      ema20 = lastN(EMA(cl, 20)),
      ema50 = lastN(EMA(cl, 50)),
      rsi14 = lastN(RSI(cl, n = 14, maType = "EMA", wilder = TRUE)),
      macd = lastN(macd[, "macd"]),
      macdSignal = lastN(macd[, "signal"]),
      atr14 = lastN(EMA(tr, n = 14, wilder = TRUE)),
      bbUpper = lastN(bb[, "up"]),
      bbMiddle = lastN(bb[, "mavg"]),
      bbLower = lastN(bb[, "dn"]),
      volatility20 = lastN(runSD(ret, n = 20, sample = TRUE) * sqrt(252))
    )
  )
}

out <- list(
  generator = paste("R", getRversion(), "TTR", packageVersion("TTR")),
  bars = BARS,
  tail = TAIL,
  symbols = lapply(symbols, one)
)
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, na = "null"), outFile)
