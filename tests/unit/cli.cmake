# bughouse-cli: output and exit codes (expected counts from Fairy-Stockfish, perft.epd).
function(bh_cli_test name regex)
  add_test(NAME ${name} COMMAND bughouse-cli ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS unit PASS_REGULAR_EXPRESSION "${regex}"
                       WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endfunction()
function(bh_cli_fails name)
  add_test(NAME ${name} COMMAND bughouse-cli ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS unit WILL_FAIL TRUE)
endfunction()
bh_cli_test(cli_perft_start "nodes 8902" perft startpos 3)
bh_cli_test(cli_perft_zh_json "\"nodes\":58057"
            perft "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1" 3
            --model crazyhouse --json)
bh_cli_test(cli_perft_divide "e2e4 20\n.*nodes 400" perft startpos 2 --divide)
bh_cli_test(cli_moves_drop "N@e1 N@e1" moves "7k/8/8/8/8/8/6PP/r6K[N] w - - 0 1")
bh_cli_test(cli_status_waiting "\"status\":\"waiting\".*\"bughouse_mate\":false"
            status "7k/8/8/8/8/8/6PP/r6K[] w - - 0 1" --json)
bh_cli_test(cli_status_mate "status mate" status "7k/8/8/8/8/8/5nPP/6RK[QRBN] w - - 0 1")
bh_cli_fails(cli_bad_fen perft "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX[] w - - 0 1" 1)
bh_cli_test(cli_bad_fen_message "bad FEN: board field" status "8/8/8[] w - - 0 1")
bh_cli_fails(cli_bad_depth perft startpos x)
bh_cli_fails(cli_bad_command frobnicate startpos)
bh_cli_test(cli_command_help "^usage: bughouse-cli perft" perft --help)
# The chess model (FIDE Laws art. 5; published perft counts, tests/data/perft/perft-chess.epd).
bh_cli_test(cli_chess_perft_start "nodes 197281" perft startpos 4 --model chess)
bh_cli_test(cli_chess_perft_kiwipete "\"model\":\"chess\",\"nodes\":97862"
            perft "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 3
            --model chess --json)
bh_cli_test(cli_chess_status_stalemate "status stalemate\ncheck no\ncheckmate no\nstalemate yes"
            status "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" --model chess)
bh_cli_test(cli_chess_status_mate "status mate\ncheck yes\ncheckmate yes"
            status "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1" --model chess)
bh_cli_test(cli_chess_status_dead "\"status\":\"dead_position\".*\"dead_position\":true"
            status "8/8/8/4k3/8/8/8/3NK3 b - - 0 1" --model chess --json)
bh_cli_test(cli_chess_moves_no_drop "^e1d1 Kd1\ne1f1 Kf1\n" moves "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
            --model chess)
bh_cli_test(cli_chess_reserve_refused "bad FEN: reserve field"
            status "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1" --model chess)
bh_cli_fails(cli_bad_model perft startpos 1 --model shogi)
