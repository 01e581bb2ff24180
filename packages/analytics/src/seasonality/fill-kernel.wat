;; WindowGrid.fill's counting loop over one run of consecutive start days, two holding
;; lengths at a time in SIMD lanes (fill-kernel.ts gathers the inputs, decision 0022).
;; Source of fill-kernel.wasm.ts: `npm run wasm` assembles it; a test checks the two agree.
;;
;; Inputs, laid out by fill-kernel.ts in this module's memory:
;;   entryIndex[si * rows + r]  i32  the entry bar of start si in year row r (−1: none)
;;   entryClose[si * rows + r]  f64  its close
;;   exitIndex[r * width + j]   i32  the exit bar of calendar column j in year row r (−1: none)
;;   exitClose[r * width + j]   f64  its close
;; Start si with length li exits at column si + li; column width − 1 is padding (−1) for the
;; second lane of an odd last length. Outputs per cell si * lengths + li: count, rising,
;; falling (i32) and the sum of returns (f64), added year by year in row order as the scalar
;; loop adds them, so that every sum is the same to the last bit. Returns the largest count.
;;
;; `counts` is `fill` without the sums: a return rises where the exit's close is above the
;; entry's and falls where it is below, which for closes that are not negative (nor −0) is
;; exactly the sign of exitClose / entryClose − 1; without the division (one f64x2.div a row
;; and pair of lengths bounds `fill`), it counts the same cells about twice as fast.
(module
  (memory (export "memory") 1)
  (func (export "fill")
    (param $starts i32) (param $lengths i32) (param $rows i32) (param $width i32)
    (param $entryIndex i32) (param $entryClose i32) (param $exitIndex i32) (param $exitClose i32)
    (param $count i32) (param $rising i32) (param $falling i32) (param $sum i32)
    (result i32)
    (local $si i32) (local $li i32) (local $most i32) (local $entryRow i32)
    (local $entryAt i32) (local $entryCloseAt i32) (local $entryEnd i32)
    (local $exitAt i32) (local $exitCloseAt i32) (local $exitStep i32) (local $exitCloseStep i32)
    (local $entry i32) (local $at i32) (local $cell i32) (local $n i32)
    (local $ones v128) (local $zeros v128)
    (local $valid v128) (local $x v128)
    (local $vn v128) (local $vup v128) (local $vdown v128) (local $vsum v128)
    (local.set $ones (f64x2.splat (f64.const 1)))
    (local.set $zeros (v128.const i64x2 0 0))
    (local.set $exitStep (i32.shl (local.get $width) (i32.const 2)))
    (local.set $exitCloseStep (i32.shl (local.get $width) (i32.const 3)))
    (block $startsDone
      (loop $eachStart
        (br_if $startsDone (i32.ge_u (local.get $si) (local.get $starts)))
        (local.set $entryRow (i32.mul (local.get $si) (local.get $rows)))
        (local.set $li (i32.const 0))
        (block $lengthsDone
          (loop $eachPair
            (br_if $lengthsDone (i32.ge_u (local.get $li) (local.get $lengths)))
            (local.set $vn (local.get $zeros))
            (local.set $vup (local.get $zeros))
            (local.set $vdown (local.get $zeros))
            (local.set $vsum (local.get $zeros))
            ;; Pointers walked row by row: the start's entries, and the pair's exits in each row.
            (local.set $entryAt (i32.add (local.get $entryIndex) (i32.shl (local.get $entryRow) (i32.const 2))))
            (local.set $entryCloseAt (i32.add (local.get $entryClose) (i32.shl (local.get $entryRow) (i32.const 3))))
            (local.set $entryEnd (i32.add (local.get $entryAt) (i32.shl (local.get $rows) (i32.const 2))))
            (local.set $at (i32.add (local.get $si) (local.get $li)))
            (local.set $exitAt (i32.add (local.get $exitIndex) (i32.shl (local.get $at) (i32.const 2))))
            (local.set $exitCloseAt (i32.add (local.get $exitClose) (i32.shl (local.get $at) (i32.const 3))))
            (block $rowsDone
              (loop $eachRow
                (br_if $rowsDone (i32.ge_u (local.get $entryAt) (local.get $entryEnd)))
                (local.set $entry (i32.load (local.get $entryAt)))
                (if (i32.ge_s (local.get $entry) (i32.const 0))
                  (then
                    ;; A year counts where the exit bar comes after the entry bar.
                    (local.set $valid
                      (i64x2.gt_s
                        (v128.load32x2_s align=4 (local.get $exitAt))
                        (i64x2.splat (i64.extend_i32_s (local.get $entry)))))
                    (local.set $x
                      (f64x2.sub
                        (f64x2.div
                          (v128.load align=8 (local.get $exitCloseAt))
                          (v128.load64_splat (local.get $entryCloseAt)))
                        (local.get $ones)))
                    ;; A lane that does not count adds +0 (the sum is never −0) and no count.
                    (local.set $vsum (f64x2.add (local.get $vsum) (v128.and (local.get $x) (local.get $valid))))
                    (local.set $vn (i64x2.sub (local.get $vn) (local.get $valid)))
                    (local.set $vup
                      (i64x2.sub (local.get $vup)
                        (v128.and (f64x2.gt (local.get $x) (local.get $zeros)) (local.get $valid))))
                    (local.set $vdown
                      (i64x2.sub (local.get $vdown)
                        (v128.and (f64x2.lt (local.get $x) (local.get $zeros)) (local.get $valid))))))
                (local.set $entryAt (i32.add (local.get $entryAt) (i32.const 4)))
                (local.set $entryCloseAt (i32.add (local.get $entryCloseAt) (i32.const 8)))
                (local.set $exitAt (i32.add (local.get $exitAt) (local.get $exitStep)))
                (local.set $exitCloseAt (i32.add (local.get $exitCloseAt) (local.get $exitCloseStep)))
                (br $eachRow)))
            (local.set $cell (i32.add (i32.mul (local.get $si) (local.get $lengths)) (local.get $li)))
            (local.set $n (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $vn))))
            (if (i32.gt_s (local.get $n) (local.get $most)) (then (local.set $most (local.get $n))))
            (i32.store (i32.add (local.get $count) (i32.shl (local.get $cell) (i32.const 2))) (local.get $n))
            (i32.store (i32.add (local.get $rising) (i32.shl (local.get $cell) (i32.const 2)))
              (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $vup))))
            (i32.store (i32.add (local.get $falling) (i32.shl (local.get $cell) (i32.const 2)))
              (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $vdown))))
            (f64.store (i32.add (local.get $sum) (i32.shl (local.get $cell) (i32.const 3)))
              (f64x2.extract_lane 0 (local.get $vsum)))
            (if (i32.lt_u (i32.add (local.get $li) (i32.const 1)) (local.get $lengths))
              (then
                (local.set $cell (i32.add (local.get $cell) (i32.const 1)))
                (local.set $n (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $vn))))
                (if (i32.gt_s (local.get $n) (local.get $most)) (then (local.set $most (local.get $n))))
                (i32.store (i32.add (local.get $count) (i32.shl (local.get $cell) (i32.const 2))) (local.get $n))
                (i32.store (i32.add (local.get $rising) (i32.shl (local.get $cell) (i32.const 2)))
                  (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $vup))))
                (i32.store (i32.add (local.get $falling) (i32.shl (local.get $cell) (i32.const 2)))
                  (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $vdown))))
                (f64.store (i32.add (local.get $sum) (i32.shl (local.get $cell) (i32.const 3)))
                  (f64x2.extract_lane 1 (local.get $vsum)))))
            (local.set $li (i32.add (local.get $li) (i32.const 2)))
            (br $eachPair)))
        (local.set $si (i32.add (local.get $si) (i32.const 1)))
        (br $eachStart)))
    (local.get $most))
  (func (export "counts")
    (param $starts i32) (param $lengths i32) (param $rows i32) (param $width i32)
    (param $entryIndex i32) (param $entryClose i32) (param $exitIndex i32) (param $exitClose i32)
    (param $count i32) (param $rising i32) (param $falling i32) (param $sum i32)
    (result i32)
    ;; $sum is `fill`'s parameter, not written: one signature calls either function.
    (local $si i32) (local $li i32) (local $most i32) (local $entryRow i32)
    (local $entryAt i32) (local $entryCloseAt i32) (local $entryEnd i32)
    (local $exitAt i32) (local $exitCloseAt i32) (local $exitStep i32) (local $exitCloseStep i32)
    (local $entry i32) (local $at i32) (local $cell i32) (local $n i32)
    (local $zeros v128) (local $valid v128) (local $exit v128) (local $enter v128)
    (local $vn v128) (local $vup v128) (local $vdown v128)
    (local.set $zeros (v128.const i64x2 0 0))
    (local.set $exitStep (i32.shl (local.get $width) (i32.const 2)))
    (local.set $exitCloseStep (i32.shl (local.get $width) (i32.const 3)))
    (block $startsDone
      (loop $eachStart
        (br_if $startsDone (i32.ge_u (local.get $si) (local.get $starts)))
        (local.set $entryRow (i32.mul (local.get $si) (local.get $rows)))
        (local.set $li (i32.const 0))
        (block $lengthsDone
          (loop $eachPair
            (br_if $lengthsDone (i32.ge_u (local.get $li) (local.get $lengths)))
            (local.set $vn (local.get $zeros))
            (local.set $vup (local.get $zeros))
            (local.set $vdown (local.get $zeros))
            (local.set $entryAt (i32.add (local.get $entryIndex) (i32.shl (local.get $entryRow) (i32.const 2))))
            (local.set $entryCloseAt (i32.add (local.get $entryClose) (i32.shl (local.get $entryRow) (i32.const 3))))
            (local.set $entryEnd (i32.add (local.get $entryAt) (i32.shl (local.get $rows) (i32.const 2))))
            (local.set $at (i32.add (local.get $si) (local.get $li)))
            (local.set $exitAt (i32.add (local.get $exitIndex) (i32.shl (local.get $at) (i32.const 2))))
            (local.set $exitCloseAt (i32.add (local.get $exitClose) (i32.shl (local.get $at) (i32.const 3))))
            (block $rowsDone
              (loop $eachRow
                (br_if $rowsDone (i32.ge_u (local.get $entryAt) (local.get $entryEnd)))
                (local.set $entry (i32.load (local.get $entryAt)))
                (if (i32.ge_s (local.get $entry) (i32.const 0))
                  (then
                    (local.set $valid
                      (i64x2.gt_s
                        (v128.load32x2_s align=4 (local.get $exitAt))
                        (i64x2.splat (i64.extend_i32_s (local.get $entry)))))
                    (local.set $exit (v128.load align=8 (local.get $exitCloseAt)))
                    (local.set $enter (v128.load64_splat (local.get $entryCloseAt)))
                    (local.set $vn (i64x2.sub (local.get $vn) (local.get $valid)))
                    (local.set $vup
                      (i64x2.sub (local.get $vup)
                        (v128.and (f64x2.gt (local.get $exit) (local.get $enter)) (local.get $valid))))
                    (local.set $vdown
                      (i64x2.sub (local.get $vdown)
                        (v128.and (f64x2.lt (local.get $exit) (local.get $enter)) (local.get $valid))))))
                (local.set $entryAt (i32.add (local.get $entryAt) (i32.const 4)))
                (local.set $entryCloseAt (i32.add (local.get $entryCloseAt) (i32.const 8)))
                (local.set $exitAt (i32.add (local.get $exitAt) (local.get $exitStep)))
                (local.set $exitCloseAt (i32.add (local.get $exitCloseAt) (local.get $exitCloseStep)))
                (br $eachRow)))
            (local.set $cell (i32.add (i32.mul (local.get $si) (local.get $lengths)) (local.get $li)))
            (local.set $n (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $vn))))
            (if (i32.gt_s (local.get $n) (local.get $most)) (then (local.set $most (local.get $n))))
            (i32.store (i32.add (local.get $count) (i32.shl (local.get $cell) (i32.const 2))) (local.get $n))
            (i32.store (i32.add (local.get $rising) (i32.shl (local.get $cell) (i32.const 2)))
              (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $vup))))
            (i32.store (i32.add (local.get $falling) (i32.shl (local.get $cell) (i32.const 2)))
              (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $vdown))))
            (if (i32.lt_u (i32.add (local.get $li) (i32.const 1)) (local.get $lengths))
              (then
                (local.set $cell (i32.add (local.get $cell) (i32.const 1)))
                (local.set $n (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $vn))))
                (if (i32.gt_s (local.get $n) (local.get $most)) (then (local.set $most (local.get $n))))
                (i32.store (i32.add (local.get $count) (i32.shl (local.get $cell) (i32.const 2))) (local.get $n))
                (i32.store (i32.add (local.get $rising) (i32.shl (local.get $cell) (i32.const 2)))
                  (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $vup))))
                (i32.store (i32.add (local.get $falling) (i32.shl (local.get $cell) (i32.const 2)))
                  (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $vdown))))))
            (local.set $li (i32.add (local.get $li) (i32.const 2)))
            (br $eachPair)))
        (local.set $si (i32.add (local.get $si) (i32.const 1)))
        (br $eachStart)))
    (local.get $most)))
